/**
 * The mirror of `privacy_suppressions` beside torpedo.db: one owner-only
 * JSON file, `erased-people.json`, `{ "<profile>": ["<hash>", ...] }`. It is
 * not in the database, so restoring a backup (db/restore-backup.ts replaces
 * torpedo.db only) does not take it back to before an erase. Only hashes:
 * without the keychain's key they say nothing about a number.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OWNER_ONLY_FILE } from '../../files/owner-only';

export const SUPPRESSION_FILE = 'erased-people.json';

const fileSchema = z.record(z.string(), z.array(z.string().regex(/^[0-9a-f]{64}$/)));

export interface SuppressionFile {
  profiles(): string[];
  hashes(profile: string): string[];
  write(profile: string, hashes: readonly string[]): void;
}

export function createSuppressionFile(dataDir: string): SuppressionFile {
  const file = path.join(dataDir, SUPPRESSION_FILE);

  function read(): Record<string, string[]> {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    // A damaged mirror must not hide an erase silently: the error names the file.
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${file} is damaged: ${parsed.error.message}`);
    return parsed.data;
  }

  return {
    profiles: () => Object.keys(read()),
    hashes: (profile) => read()[profile] ?? [],
    write(profile, hashes) {
      const all = read();
      // Never fewer than before: a hash once mirrored stays (the table may be an older restore's).
      all[profile] = [...new Set([...(all[profile] ?? []), ...hashes])].sort();
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, JSON.stringify(all, null, 2), { mode: OWNER_ONLY_FILE });
      fs.renameSync(partial, file);
    },
  };
}
