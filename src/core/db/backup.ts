import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Database } from './open-database';
import { createOwnerOnlyFile, makeOwnerOnlyFolder } from '../files/owner-only';
import { newLineage } from './check-database';

/** The backups' folder inside the data folder. */
export const BACKUP_FOLDER = 'backups';
/** How many backups are kept: one per schema version, the newest three. */
export const BACKUPS_KEPT = 3;

const NAME = /^torpedo-schema-(\d+)\.db$/;
/** The data as it was just before a restore (restore-backup.ts): kept, listed, never pruned. */
const BEFORE_RESTORE = /^torpedo-before-restore-\d{8}-\d{6}(-\d{1,3})?\.db$/;

/** The backups' folder of a data folder. */
export const backupsDirOf = (dataDir: string) => join(dataDir, BACKUP_FOLDER);

/** A backup's name says the schema version it holds: `torpedo-schema-17.db`. */
export const backupName = (schemaVersion: number) => `torpedo-schema-${schemaVersion}.db`;

export interface BackupFile {
  name: string;
  /** `update`: made before a data update; `before-restore`: the data as it was before a restore. */
  kind: 'update' | 'before-restore';
  schemaVersion: number;
  bytes: number;
  /** When it was written (ISO). */
  at: string;
}

/** The format a kept file is in, read from it (-1 when it cannot be read: a damaged file kept aside). */
function formatOf(file: string): number {
  try {
    const db = new Sqlite(file, { readonly: true, fileMustExist: true });
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  } catch {
    return -1;
  }
}

/** The backups in `dir`: those made before updates, newest schema first, then the files kept by restores, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    const kept = BEFORE_RESTORE.test(name);
    if (!match && !kept) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (!info) continue;
    files.push({
      name,
      kind: match ? 'update' : 'before-restore',
      schemaVersion: match ? Number(match[1]) : formatOf(join(dir, name)),
      bytes: info.size,
      at: info.mtime.toISOString(),
    });
  }
  const updates = files.filter((f) => f.kind === 'update').sort((a, b) => b.schemaVersion - a.schemaVersion);
  const kept = files.filter((f) => f.kind === 'before-restore').sort((a, b) => b.name.localeCompare(a.name));
  return [...updates, ...kept];
}

/**
 * Copies the open database into `dir` with SQLite's online backup (a
 * consistent copy while the file is in use, WAL included), under its schema
 * version's name. It is written beside under a temporary name and renamed
 * over, so a crash mid-copy never leaves a broken backup where a good one
 * was. The copy is made a single self-contained file (rollback journal, not
 * WAL), so restoring it by hand is copying one file. Then only the newest
 * three versions are kept.
 */
export async function backUpDatabase(db: Database, dir: string, schemaVersion: number): Promise<BackupFile> {
  makeOwnerOnlyFolder(dir);
  const name = backupName(schemaVersion);
  // Per process: the app and the CLI starting together on one folder each write their own.
  const partial = join(dir, `${name}.${process.pid}.partial`);
  await copyDatabase(db, partial, join(dir, name));
  await pruneBackups(dir);
  const written = (await listBackups(dir)).find((file) => file.name === name);
  if (!written) throw new Error(`The backup ${name} vanished right after it was written.`);
  return written;
}

/**
 * `source` copied to `target` through `partial` with SQLite's online backup: a
 * consistent copy, owner-only, one self-contained file (rollback journal, not
 * WAL) with its own lineage stamp (so a WAL of the source can never pass for
 * the copy's, check-database.ts), renamed into place whole. A copy that fails
 * (a disk that filled up) leaves no half file.
 */
export async function copyDatabase(source: Database, partial: string, target: string): Promise<void> {
  try {
    createOwnerOnlyFile(partial);
    await source.backup(partial);
    const copy = new Sqlite(partial);
    try {
      copy.pragma('journal_mode = DELETE');
      newLineage(copy);
    } finally {
      copy.close();
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function pruneBackups(dir: string): Promise<void> {
  const files = (await listBackups(dir)).filter((file) => file.kind === 'update');
  for (const old of files.slice(BACKUPS_KEPT)) await rm(join(dir, old.name), { force: true });
}

/**
 * Puts a backup back as the database, with the same online backup the other
 * way round: SQLite writes every page through its own locking and journal,
 * so no stale WAL of the failed run can be replayed over it. Call with the
 * database's own connections closed.
 */
export async function restoreBackup(backupFile: string, dbFile: string): Promise<void> {
  const source = new Sqlite(backupFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(dbFile);
  } finally {
    source.close();
  }
}
