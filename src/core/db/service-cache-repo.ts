import type { Database } from './open-database';
import { toJsonColumn } from './json-column';

export type CachedValue<T> = { value: T; fetchedAt: string };

/** Last known service answers per profile, for offline reading. */
export type ServiceCacheRepo = {
  get<T>(profile: string, key: string): CachedValue<T> | undefined;
  put(profile: string, key: string, value: unknown): void;
  /** Forget everything cached for a profile (e.g. when it is removed); returns rows deleted. */
  clearProfile(profile: string): number;
};

/**
 * NEVER put secrets here (the webhook signing secret, the account key, the
 * token): the file is plain on disk. Those belong to core/secrets.
 */
export function createServiceCacheRepo(db: Database, options: { now?: () => Date } = {}): ServiceCacheRepo {
  // Injectable clock so tests can check fetched_at.
  const now = options.now ?? (() => new Date());
  const select = db.prepare<[string, string], { value: string; fetched_at: string }>(
    'SELECT value, fetched_at FROM service_cache WHERE profile = ? AND key = ?',
  );
  const upsert = db.prepare<[string, string, string, string]>(
    `INSERT INTO service_cache (profile, key, value, fetched_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (profile, key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at`,
  );
  const removeProfile = db.prepare<[string]>('DELETE FROM service_cache WHERE profile = ?');

  return {
    get<T>(profile: string, key: string): CachedValue<T> | undefined {
      const row = select.get(profile, key);
      if (row === undefined) return undefined;
      // The caller names T; the table holds what an earlier put() wrote.
      return { value: JSON.parse(row.value) as T, fetchedAt: row.fetched_at };
    },
    put(profile, key, value) {
      upsert.run(profile, key, toJsonColumn(value, key), now().toISOString());
    },
    clearProfile(profile) {
      return removeProfile.run(profile).changes;
    },
  };
}
