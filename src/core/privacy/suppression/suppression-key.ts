/**
 * The key of the erased people's hashes, one per profile. In the OS keychain
 * (`<profile>:suppression-key`), not in torpedo.db: restoring a backup made
 * before an erase replaces the database, and the key must outlive that for
 * the hashes kept beside it (suppression-file.ts) to still recognise the
 * number. Without a keychain (a memory-only session) a key in memory would
 * be lost on quit and every suppression with it, so it is kept in an
 * owner-only file of the data folder instead: still outside torpedo.db and
 * its backups.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY_FILE } from '../../files/owner-only';
import { suppressionKeyEntry, type SecretStore } from '../../secrets/secret-store';

const KEY_BYTES = 32;

export interface SuppressionKeys {
  /** The profile's key, made the first time it is asked for. */
  key(profile: string): Promise<Buffer>;
}

export function createSuppressionKeys(dataDir: string, keychain: () => SecretStore | null): SuppressionKeys {
  const known = new Map<string, Buffer>();
  const fileOf = (profile: string) =>
    path.join(dataDir, `suppression-key-${encodeURIComponent(profile)}.txt`);

  async function fromKeychain(store: SecretStore, profile: string): Promise<Buffer> {
    const kept = await store.get(suppressionKeyEntry(profile));
    if (kept) return Buffer.from(kept, 'base64');
    // A key once kept in the file (before a keychain was there) moves to the keychain, same bytes.
    const key = readFile(fileOf(profile)) ?? randomBytes(KEY_BYTES);
    await store.set(suppressionKeyEntry(profile), key.toString('base64'));
    return key;
  }

  function fromFile(profile: string): Buffer {
    const file = fileOf(profile);
    const kept = readFile(file);
    if (kept) return kept;
    const key = randomBytes(KEY_BYTES);
    fs.writeFileSync(file, key.toString('base64'), { mode: OWNER_ONLY_FILE, flag: 'wx' });
    return key;
  }

  return {
    async key(profile) {
      const cached = known.get(profile);
      if (cached) return cached;
      const store = keychain();
      const key = store ? await fromKeychain(store, profile) : fromFile(profile);
      known.set(profile, key);
      return key;
    },
  };
}

function readFile(file: string): Buffer | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text === '' ? null : Buffer.from(text, 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
