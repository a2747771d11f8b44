/**
 * "Restaurar uma cópia de segurança" and `torpedo data restore NAME`: a
 * backup put back as torpedo.db, replacing the README's manual steps (whose
 * skipped step, a WAL left behind, was what broke a file). Run with every
 * connection of this process closed (core/kernel/reopenable-core.ts):
 *
 * 1. The backup must be one of the list, pass its integrity check, and be of
 *    a format this version knows.
 * 2. No other Torpedo may have the file open (the app, a worker in a
 *    terminal): a read-only, exclusive look says so without touching it.
 * 3. The current torpedo.db, its -wal and its -shm are moved together, as
 *    they are, into the backups folder (`torpedo-before-restore-<when>.db`),
 *    so nothing of the data as it was is lost and the pair still opens.
 * 4. The backup is copied with SQLite's online backup to a new file, given
 *    its own lineage stamp (check-database.ts), and renamed into place.
 *    If that fails (a full disk), the current files are moved back.
 * The next open brings it up to this version's format, after its own backup.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { RestoreResultView } from '../../shared/dto';
import { AppFailure } from '../app-failure';
import { backupsDirOf, copyDatabase, listBackups } from './backup';
import { dataProblemFailure } from './data-problem';
import { allMigrations } from './migrations';

const SIDE_FILES = ['', '-wal', '-shm'] as const;

/** Whether another connection (another process) has `file` open: a read-only exclusive read is refused then. */
function inUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  let db: Sqlite.Database | undefined;
  try {
    db = new Sqlite(file, { readonly: true, fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return false;
  } catch (error) {
    // Busy: someone holds it. Anything else (a damaged file, a WAL to recover): nobody does.
    return /^SQLITE_BUSY/.test((error as { code?: string }).code ?? '');
  } finally {
    db?.close();
  }
}

function checkBackup(file: string, folder: string): void {
  let db: Sqlite.Database | undefined;
  try {
    db = new Sqlite(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('integrity_check(1)', { simple: true });
    if (check !== 'ok')
      throw dataProblemFailure({ code: 'data_damaged', underlying: 'SQLITE_CORRUPT' }, folder);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > allMigrations.length) {
      throw dataProblemFailure({ code: 'database_too_new', underlying: `user_version ${version}` }, folder);
    }
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    throw dataProblemFailure(
      { code: 'data_damaged', underlying: (error as { code?: string }).code ?? 'SQLITE_CORRUPT' },
      folder,
    );
  } finally {
    db?.close();
  }
}

const when = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** `stem.db`, else `stem-2.db`...: a kept file is never overwritten (two restores in one second). */
function freeName(dir: string, stem: string): string {
  for (let n = 1; ; n++) {
    const name = `${stem}${n === 1 ? '' : `-${n}`}.db`;
    if (!SIDE_FILES.some((suffix) => fs.existsSync(path.join(dir, `${name}${suffix}`)))) return name;
  }
}

export async function restoreFromBackup(
  dataDir: string,
  dbFile: string,
  name: string,
  at: Date,
): Promise<RestoreResultView> {
  const backups = backupsDirOf(dataDir);
  if (!(await listBackups(backups)).some((b) => b.name === name)) {
    throw new AppFailure(APP_ERROR_CODES.notFound, `There is no backup called ${name} in ${backups}.`);
  }
  checkBackup(path.join(backups, name), dataDir);
  if (inUse(dbFile)) throw dataProblemFailure({ code: 'data_in_use', underlying: 'SQLITE_BUSY' }, dataDir);

  const keptAs = freeName(backups, `torpedo-before-restore-${when(at)}`);
  const moved: [from: string, to: string][] = [];
  for (const suffix of SIDE_FILES) {
    const from = `${dbFile}${suffix}`;
    if (!fs.existsSync(from)) continue;
    const to = path.join(backups, `${keptAs}${suffix}`);
    fs.renameSync(from, to);
    moved.push([from, to]);
  }
  const source = new Sqlite(path.join(backups, name), { readonly: true, fileMustExist: true });
  try {
    await copyDatabase(source, `${dbFile}.restoring-${process.pid}`, dbFile);
  } catch (error) {
    // The data as it was goes back where it was.
    for (const [from, to] of moved.reverse()) fs.renameSync(to, from);
    throw error;
  } finally {
    source.close();
  }
  return { restored: name, keptAs: moved.length ? keptAs : '' };
}
