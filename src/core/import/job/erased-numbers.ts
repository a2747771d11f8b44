/**
 * Whether a planned row's number is an erased person's (core/privacy: the
 * number is kept as its keyed hash only). The import's thread has its own
 * connection and no keychain: the service hands it the profile's key with
 * the plan request, and the thread hashes each valid number with it.
 * Without a key (nobody was ever erased in this profile) nothing is refused.
 */
import type { Database } from '../../db/open-database';
import { hashPhone } from '../../privacy/privacy-module';

export function erasedNumbers(db: Database, profile: string, key: Uint8Array | undefined) {
  if (key === undefined) return undefined;
  const secret = Buffer.from(key);
  const any = db
    .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM privacy_suppressions WHERE profile = ?)')
    .pluck()
    .get(profile);
  if (any !== 1) return undefined;
  const has = db
    .prepare<[string, string], number>(
      'SELECT EXISTS (SELECT 1 FROM privacy_suppressions WHERE profile = ? AND hash = ?)',
    )
    .pluck();
  return (e164: string): boolean => has.get(profile, hashPhone(secret, e164)) === 1;
}
