import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { migrate, userVersion } from './migrate';
import { allMigrations } from './migrations';
import { createOwnerOnlyFile, makeOwnerOnlyFolder } from '../files/owner-only';
import { installPhoneHashFunction } from './suppressed-function';

export type Database = BetterSqlite3.Database;

/**
 * Opens (or creates) Torpedo's SQLite file for a part that comes after the
 * core's own open: the import and catch-up threads, the CLI's worker beside
 * its core, tools and tests. A new file is created at this version's format;
 * a file of an older format is refused, never migrated here: only
 * open-core-database.ts migrates, and it backs the file up first (the CLI's
 * `contacts list` once upgraded a folder here, without the backup the README
 * promises).
 */
export function openDatabase(file: string): Database {
  const db = openConnection(file);
  try {
    const version = userVersion(db);
    if (version > 0 && version < allMigrations.length) throw new DatabaseNotCheckedError(version);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A data folder of an older format reached a part that may not migrate it (a bug: the core opens first). */
export class DatabaseNotCheckedError extends Error {
  constructor(readonly version: number) {
    super(
      `torpedo.db is at format ${version} and must first be opened by the core (open-core-database.ts), ` +
        'which backs it up before updating it.',
    );
    this.name = 'DatabaseNotCheckedError';
  }
}

/**
 * A connection with Torpedo's settings, schema untouched. Every connection
 * (the app's, the CLI's, the threads', the tests') gets the same durability
 * and integrity settings through here.
 */
export function openConnection(file: string): Database {
  makeOwnerOnlyFolder(path.dirname(file));
  // Made owner-only before SQLite opens it: its -wal and -shm take the database file's mode.
  createOwnerOnlyFile(file);
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
    // A deleted row's bytes are overwritten with zeros, not left in a free page: a person erased at
    // their request (core/privacy) leaves no readable trace in the file. Costs a little on deletes.
    db.pragma('secure_delete = ON');
    installPhoneHashFunction(db);
    return db;
  } catch (error) {
    // Do not leave a half-opened handle (and its WAL lock) behind.
    db.close();
    throw error;
  }
}
