/**
 * The erased people's numbers, as keyed hashes (HMAC-SHA256 of the E.164
 * form, hex): the table `privacy_suppressions` that the audiences' SQL reads
 * (rules/recipient-policy.ts, suppressedSql), and its mirror, a small
 * owner-only file beside torpedo.db (suppression-file.ts). A backup made
 * before an erase, once restored, has the person again and not their hash;
 * the mirror is how the next open knows to erase them again
 * (erase/reapply-erasures.ts).
 */
import { createHmac } from 'node:crypto';
import type { Database } from '../../db/open-database';
import { setPhoneHasher } from '../../db/suppressed-function';
import type { SuppressionFile } from './suppression-file';
import type { SuppressionKeys } from './suppression-key';

export const hashPhone = (key: Buffer, e164: string): string =>
  createHmac('sha256', key).update(e164, 'utf8').digest('hex');

export function createSuppressionList(db: Database, keys: SuppressionKeys, file: SuppressionFile) {
  // The keys this process has loaded, for the SQL function (which cannot wait for the keychain).
  const loaded = new Map<string, Buffer>();
  setPhoneHasher(db, (profile, phone) => {
    const key = loaded.get(profile);
    if (key) return hashPhone(key, phone);
    // Someone erased in another process (the CLI) in a profile this one had no key for: load it for
    // the next question (SQL cannot wait for the keychain).
    void load(profile).catch(() => undefined);
    return null;
  });

  const s = {
    has: db
      .prepare<[string, string], number>(
        'SELECT EXISTS (SELECT 1 FROM privacy_suppressions WHERE profile = ? AND hash = ?)',
      )
      .pluck(),
    add: db.prepare<[string, string, string]>(
      'INSERT OR IGNORE INTO privacy_suppressions (profile, hash, created_at) VALUES (?, ?, ?)',
    ),
    profiles: db.prepare<[], string>('SELECT DISTINCT profile FROM privacy_suppressions').pluck(),
    any: db
      .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM privacy_suppressions WHERE profile = ?)')
      .pluck(),
    hashes: db.prepare<[string], string>('SELECT hash FROM privacy_suppressions WHERE profile = ?').pluck(),
  };

  async function load(profile: string): Promise<Buffer> {
    const key = await keys.key(profile);
    loaded.set(profile, key);
    return key;
  }

  return {
    /** Loads the key of the profile (and of every profile with a suppression) so SQL can hash. */
    async ready(profile: string | null): Promise<void> {
      const profiles = new Set([...s.profiles.all(), ...file.profiles()]);
      if (profile !== null) profiles.add(profile);
      for (const p of profiles) await load(p);
    },
    load,
    /** The profile's loaded key; null before `ready`/`load` (no number can then be checked). */
    keyOf: (profile: string): Buffer | null => loaded.get(profile) ?? null,
    /** The number's hash with the profile's loaded key; null before it is loaded. */
    hashOf(profile: string, e164: string): string | null {
      const key = loaded.get(profile);
      return key ? hashPhone(key, e164) : null;
    },
    /** Whether anybody was erased in the profile. */
    any: (profile: string): boolean => s.any.get(profile) === 1,
    /** Whether this E.164 number is an erased person's. */
    isSuppressed(profile: string, e164: string): boolean {
      const key = loaded.get(profile);
      return key !== undefined && s.has.get(profile, hashPhone(key, e164)) === 1;
    },
    /** Keeps the hash in the table (inside the caller's transaction); the mirror is written after it commits. */
    add(profile: string, hash: string, at: string): void {
      s.add.run(profile, hash, at);
    },
    /** Writes the mirror file as the table is now. */
    mirror(profile: string): void {
      file.write(profile, s.hashes.all(profile));
    },
    /** The mirror's hashes the table lacks: erases a restored backup undid. */
    missing(profile: string): string[] {
      return file.hashes(profile).filter((hash) => s.has.get(profile, hash) !== 1);
    },
    /** Profiles with a mirror file or a suppression. */
    profiles: (): string[] => [...new Set([...s.profiles.all(), ...file.profiles()])],
  };
}

export type SuppressionList = ReturnType<typeof createSuppressionList>;
