/**
 * The look at torpedo.db before the core uses it, so that damage is met
 * with a sentence and a way back, never with silent writes:
 *
 * - A `torpedo.db-wal` that does not belong to the file is never replayed.
 *   SQLite replays whatever WAL lies beside a database; one left from
 *   another file (what a hand-made restore leaves when a step is skipped)
 *   rewrote contacts and broke 100 indexes. It is told apart two ways: the
 *   file's lineage stamp (`application_id`, set once per file and anew on
 *   every backup copy, so a WAL carrying the live file's first page gives
 *   itself away), and an integrity check of the file with its WAL that
 *   fails while the file alone passes. Such a WAL (and its -shm) is set
 *   aside under a dated name, kept, and said.
 * - Otherwise the file is checked: the whole `integrity_check` when a WAL
 *   is there (a crash's, or another Torpedo's at work: both belong, and
 *   are read through a read-only connection that writes nothing), the
 *   faster `quick_check` when not. Random bytes inside the file, a
 *   truncated file or one that is not a database at all are `damaged`.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import Sqlite from 'better-sqlite3';
import type { Database } from './open-database';

export type DatabaseCheck =
  | { state: 'new' }
  | { state: 'sound'; walSetAside: string | null }
  | { state: 'damaged'; code: string; detail: string };

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const MAX_PROBLEMS = 5;

/** SQLite's check, through a read-only connection (or an in-memory copy): the problems it names, if any. */
function problemsOf(open: () => Database, pragma: 'quick_check' | 'integrity_check'): string[] {
  let db: Database | undefined;
  try {
    db = open();
    const rows = db.pragma(`${pragma}(${MAX_PROBLEMS})`) as Record<string, string>[];
    const lines = rows.map((row) => Object.values(row)[0] ?? '');
    return lines.length === 1 && lines[0] === 'ok' ? [] : lines;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // Damage is the check's to report; a folder that cannot be read or written is another matter.
    if (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) return [code];
    throw error;
  } finally {
    db?.close();
  }
}

/** The file as a database without its WAL: its bytes in memory, marked as a rollback-journal file. */
function fileAlone(file: string): Database {
  const bytes = fs.readFileSync(file);
  // Bytes 18-19: the WAL-mode markers; an in-memory copy cannot have a WAL.
  bytes[18] = 1;
  bytes[19] = 1;
  return new Sqlite(bytes);
}

const readOnly = (file: string) => () => new Sqlite(file, { readonly: true, fileMustExist: true });

/** `20260105-093000`: when a file was set aside, in its name. */
const stamp = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

function setAside(file: string, at: Date): string {
  const name = `${file}-wal.set-aside-${stamp(at)}`;
  fs.renameSync(`${file}-wal`, name);
  // The -shm only indexes the WAL: kept beside it, it would describe frames that are gone.
  if (fs.existsSync(`${file}-shm`)) fs.renameSync(`${file}-shm`, `${file}-shm.set-aside-${stamp(at)}`);
  return name;
}

export function checkDatabase(file: string, at: Date): DatabaseCheck {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'new' };
    throw error;
  }
  if (size === 0) return { state: 'new' };
  const header = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 100, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (size < 100 || !header.subarray(0, 16).equals(HEADER)) {
    return { state: 'damaged', code: 'SQLITE_NOTADB', detail: 'not an SQLite database' };
  }

  const walSize = fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  if (walSize === 0) {
    const problems = problemsOf(readOnly(file), 'quick_check');
    return problems.length ? damaged(problems) : { state: 'sound', walSetAside: null };
  }

  const fileLineage = header.readInt32BE(68);
  let walLineage = fileLineage;
  const withWal = problemsOf(() => {
    const db = readOnly(file)();
    walLineage = db.pragma('application_id', { simple: true }) as number;
    return db;
  }, 'integrity_check');
  // A stamped file whose WAL brings another stamp: that WAL was written for another file.
  const foreignStamp = fileLineage !== 0 && walLineage !== fileLineage;
  if (!foreignStamp && withWal.length === 0) return { state: 'sound', walSetAside: null };
  const alone = problemsOf(() => fileAlone(file), 'integrity_check');
  if (alone.length > 0) return damaged(foreignStamp ? alone : withWal);
  return { state: 'sound', walSetAside: setAside(file, at) };
}

const damaged = (problems: string[]): DatabaseCheck => {
  const [first = ''] = problems;
  const code = /^SQLITE_[A-Z_]+$/.test(first) ? first : 'SQLITE_CORRUPT';
  return { state: 'damaged', code, detail: problems.join('; ').slice(0, 300) };
};

/**
 * Gives a file its own lineage stamp, once: a new file, or one from before
 * the stamps. Written straight through to the file (a checkpoint), so a
 * crash cannot leave the stamp only in the WAL.
 */
export function stampLineage(db: Database): void {
  if (db.pragma('application_id', { simple: true }) !== 0) return;
  newLineage(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/** A fresh stamp: a backup copy, or a file put back from one, is its own lineage from now on. */
export function newLineage(db: Database): void {
  // PRAGMA takes no parameters; the value is an integer made here.
  db.pragma(`application_id = ${randomInt(1, 2 ** 31 - 1)}`);
}
