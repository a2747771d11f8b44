import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import type { Database } from '@core/db/open-database';

// Real files in a fresh temp folder per test, as in the app (WAL needs a real
// file; :memory: would hide it). Call these inside a test: cleanup is registered
// on that test.

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torpedo-db-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A plain SQLite file with no migrations applied, closed after the test. */
export function blankDb(): Database {
  const db = new Sqlite(path.join(tempDir(), 'torpedo.db'));
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return db;
}

export function userVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function tableNames(db: Database): string[] {
  return db
    .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .pluck()
    .all();
}
