import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { DatabaseTooNewError } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { tempDir, userVersion } from '../../support/temp-dir';

function open(file: string) {
  const db = openDatabase(file);
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return db;
}

describe('openDatabase', () => {
  it('creates the parent folder and the file', () => {
    const file = path.join(tempDir(), 'nested', 'deeper', 'torpedo.db');
    open(file);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('puts the durability and integrity pragmas in effect', () => {
    const db = open(path.join(tempDir(), 'torpedo.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('migrates a new file to the newest version', () => {
    const db = open(path.join(tempDir(), 'torpedo.db'));
    expect(userVersion(db)).toBe(allMigrations.length);
  });

  it('reopens an up-to-date file without migrating again and keeps its data', () => {
    const file = path.join(tempDir(), 'torpedo.db');
    const first = openDatabase(file);
    first.prepare("INSERT INTO settings VALUES ('theme', '\"dark\"', '2024-01-01T00:00:00.000Z')").run();
    first.close();

    const second = open(file);
    expect(userVersion(second)).toBe(allMigrations.length);
    expect(second.prepare('SELECT value FROM settings WHERE key = ?').pluck().get('theme')).toBe('"dark"');
  });

  it('refuses a file from a newer Torpedo and releases it', () => {
    const file = path.join(tempDir(), 'torpedo.db');
    const raw = new Sqlite(file);
    raw.pragma(`user_version = ${allMigrations.length + 5}`);
    raw.close();

    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);

    // SQLite removes the -wal and -shm files when the last connection closes:
    // their absence shows the failed open did not leak a handle on the file.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(fs.existsSync(`${file}-shm`)).toBe(false);
    const after = new Sqlite(file);
    onTestFinished(() => {
      after.close();
    });
    expect(userVersion(after)).toBe(allMigrations.length + 5);
  });
});
