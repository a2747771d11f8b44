/**
 * `torpedo_phone_hash(profile, phone)`: the keyed hash an erased person's
 * number is kept as (core/privacy/suppression), or NULL while the profile's
 * key is not known on this connection. A SQL function so that every audience
 * (campaigns, automations, segments) leaves an erased number out in the same
 * query that leaves opted-out numbers out (rules/recipient-policy.ts,
 * suppressedSql), whatever domain wrote that SQL, and always against the
 * table as it is now (the CLI may have erased someone a moment ago).
 *
 * Installed on every connection by open-database.ts, answering NULL until
 * the privacy module hands the connection its hasher (it holds the keys): a
 * thread's or a tool's connection, which has no key, still runs the same SQL.
 */
import type BetterSqlite3 from 'better-sqlite3';

export type PhoneHasher = (profile: string, phone: string) => string | null;

const hashers = new WeakMap<BetterSqlite3.Database, PhoneHasher>();

export function installPhoneHashFunction(db: BetterSqlite3.Database): void {
  db.function(
    'torpedo_phone_hash',
    { deterministic: true, varargs: false },
    (profile: unknown, phone: unknown) => {
      const hasher = hashers.get(db);
      if (!hasher || typeof profile !== 'string' || typeof phone !== 'string') return null;
      return hasher(profile, phone);
    },
  );
}

/** From now on, `torpedo_phone_hash` on this connection answers with `hasher`. */
export function setPhoneHasher(db: BetterSqlite3.Database, hasher: PhoneHasher): void {
  hashers.set(db, hasher);
}
