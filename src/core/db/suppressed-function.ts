/**
 * `torpedo_phone_hash(profile, phone)`: the keyed hash an erased person's
 * number is kept as (core/privacy/suppression), or NULL while the profile's
 * key is not known in this process. A SQL function so that every audience
 * (campaigns, automations, segments) leaves an erased number out in the same
 * query that leaves opted-out numbers out (rules/recipient-policy.ts,
 * suppressedSql), whatever domain wrote that SQL, and always against the
 * table as it is now (the CLI may have erased someone a moment ago).
 *
 * Installed on every connection by open-database.ts (and on the freeze's own
 * read-only one), answering NULL until the privacy module hands its file the
 * hasher (it holds the keys). The hasher is the file's, not one connection's:
 * every connection of this process to that torpedo.db (the freeze reads on a
 * second one) hashes alike; a thread's connection, which has no key, still
 * runs the same SQL.
 */
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

export type PhoneHasher = (profile: string, phone: string) => string | null;

const hashers = new Map<string, PhoneHasher>();

export function installPhoneHashFunction(db: BetterSqlite3.Database): void {
  const file = path.resolve(db.name);
  db.function(
    'torpedo_phone_hash',
    { deterministic: true, varargs: false },
    (profile: unknown, phone: unknown) => {
      const hasher = hashers.get(file);
      if (!hasher || typeof profile !== 'string' || typeof phone !== 'string') return null;
      return hasher(profile, phone);
    },
  );
}

/** From now on, `torpedo_phone_hash` on every connection to this connection's file answers with `hasher`. */
export function setPhoneHasher(db: BetterSqlite3.Database, hasher: PhoneHasher): void {
  hashers.set(path.resolve(db.name), hasher);
}
