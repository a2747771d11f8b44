import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { migrate } from './migrate';

export type Database = BetterSqlite3.Database;

/**
 * Opens (or creates) Torpedo's SQLite file and brings its schema up to date.
 * The core's own connection opens through open-core-database.ts instead,
 * which backs the file up before migrating; the worker threads and tools open
 * it here, after the core has brought it up to date.
 */
export function openDatabase(file: string): Database {
  const db = openConnection(file);
  try {
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A connection with Torpedo's settings, schema untouched. Every connection
 * (the app's, the CLI's, the threads', the tests') gets the same durability
 * and integrity settings through here.
 */
export function openConnection(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Sqlite(file);
  try {
    // WAL lets the UI read while the sender worker writes.
    db.pragma('journal_mode = WAL');
    // FULL (not WAL's usual NORMAL): an outbox row marked "sent" must survive a
    // power cut, or a restart could send the same SMS twice.
    db.pragma('synchronous = FULL');
    // SQLite leaves foreign keys off by default, per connection.
    db.pragma('foreign_keys = ON');
    // The app and the CLI may open the same file; wait for a lock instead of
    // failing at once with SQLITE_BUSY.
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    // Do not leave a half-opened handle (and its WAL lock) behind.
    db.close();
    throw error;
  }
}
