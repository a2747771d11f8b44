import type { Database } from './open-database';
import { toJsonColumn } from './json-column';

/** Typed access to the `settings` table. Values are stored as JSON text. */
export type SettingsRepo = {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  /** Returns whether a setting was there to delete. */
  delete(key: string): boolean;
};

/**
 * Settings are app preferences (language, theme, active profile, base URL,
 * mode). NEVER pass a secret here: the file is plain on disk.
 */
export function createSettingsRepo(db: Database, options: { now?: () => Date } = {}): SettingsRepo {
  // Injectable clock so tests can check updated_at.
  const now = options.now ?? (() => new Date());
  const select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');

  return {
    get<T>(key: string): T | undefined {
      const row = select.get(key);
      // The caller names T; the table holds what an earlier set() wrote.
      return row === undefined ? undefined : (JSON.parse(row.value) as T);
    },
    set(key, value) {
      upsert.run(key, toJsonColumn(value, key), now().toISOString());
    },
    delete(key) {
      return remove.run(key).changes > 0;
    },
  };
}
