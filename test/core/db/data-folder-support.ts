/**
 * Real data folders for the damage and restore tests: a shop's contacts
 * written through the app's own open (checked, stamped, up to date), a
 * backup of it, and the states a data folder is found in (a WAL left by a
 * crash, one left from another file, random bytes inside).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { backUpDatabase, backupsDirOf } from '@core/db/backup';
import { openCoreDatabase } from '@core/db/open-core-database';
import { openConnection, type Database } from '@core/db/open-database';
import { createMemoryLog } from '../../support/memory-log';
import { allMigrations } from '@core/db/migrations';

export const PROFILE = 'default';

export const dbFileOf = (dataDir: string) => path.join(dataDir, 'torpedo.db');

const people = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `Cliente ${from + i}`,
    phone: `+55119${String(40_000_000 + from + i)}`,
    email: null,
    fields: {},
  }));

/** A data folder as this version leaves it: `contacts` contacts, nothing else open. */
export async function shopFolder(dataDir: string, contacts: number): Promise<void> {
  const opened = await openCoreDatabase(dbFileOf(dataDir), {
    dataDir,
    backupsDir: backupsDirOf(dataDir),
    log: createMemoryLog(),
  });
  const db = opened.db!;
  try {
    createContactsRepo(db).upsertMany(PROFILE, people(0, contacts), 'update');
  } finally {
    db.close();
  }
}

/** A backup of the folder as it is now (the one made before an update), by name. */
export async function backupNow(dataDir: string): Promise<string> {
  const db = openConnection(dbFileOf(dataDir));
  try {
    return (await backUpDatabase(db, backupsDirOf(dataDir), allMigrations.length)).name;
  } finally {
    db.close();
  }
}

/** Adds contacts through a connection kept open while `whileOpen` runs (its WAL is on disk then). */
export function addContactsHolding(dataDir: string, count: number, whileOpen: () => void): void {
  const db: Database = openConnection(dbFileOf(dataDir));
  try {
    db.pragma('wal_autocheckpoint = 0');
    createContactsRepo(db).upsertMany(PROFILE, people(10_000, count), 'update');
    whileOpen();
  } finally {
    db.close();
  }
}

/** Renames some contacts through a connection kept open while `whileOpen` runs: a WAL of a few pages, not page 1. */
export function renameContactsHolding(dataDir: string, whileOpen: () => void): void {
  const db: Database = openConnection(dbFileOf(dataDir));
  try {
    db.pragma('wal_autocheckpoint = 0');
    db.prepare(
      "UPDATE contacts SET name = name || ' (loja)' WHERE id IN (SELECT id FROM contacts ORDER BY id LIMIT 40)",
    ).run();
    whileOpen();
  } finally {
    db.close();
  }
}

export function contactCount(file: string): number {
  const db = openConnection(file);
  try {
    return db.prepare('SELECT count(*) FROM contacts').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** The folder's database files as they are on disk now (copied aside). */
export function copyFiles(fromDir: string, toDir: string): void {
  fs.mkdirSync(toDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const from = `${dbFileOf(fromDir)}${suffix}`;
    if (fs.existsSync(from)) fs.copyFileSync(from, `${dbFileOf(toDir)}${suffix}`);
  }
}

/** `bytes` of seeded noise written over the middle of the file. */
export function scribble(file: string, bytes: number, seed = 7): void {
  let state = seed;
  const noise = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = state & 0xff;
  }
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, noise, 0, bytes, Math.floor(fs.statSync(file).size / 2));
  } finally {
    fs.closeSync(fd);
  }
}
