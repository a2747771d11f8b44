/**
 * The floors `npm run bench:import` measures the import against, both with
 * the sqlite3 CLI (so neither Node nor better-sqlite3 is in them):
 *
 * - `plainFloor`: sqlite3's own `.import` of the file into a plain
 *   in-memory table: what reading the rows into SQLite costs at least.
 * - `sameSchemaFloor` (issue 34): the rows the import saved (its contacts
 *   table, written out by the child: rowsOut) put into a fresh torpedo.db
 *   by sqlite3 alone, in one transaction, in the file's order, with the
 *   app's settings (WAL, synchronous FULL): the same schema, every index
 *   and CHECK of `contacts`, nothing read, normalised or planned. What the
 *   import's schema costs at least; the import's work over it is the ratio.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@core/db/open-database';
import { openDatabase } from '@core/db/open-database';

export type Floor = { ms: number } | { missing: string };
/** The same-schema floor also says how many contacts it inserted (the import's count, or it is no floor). */
export type SchemaFloor = { ms: number; rows: number } | { missing: string };

/** The stored columns of a contact an import writes, in the CSV rowsOut writes. */
const COLUMNS = [
  'id',
  'profile',
  'name',
  'sort_key',
  'phone',
  'email',
  'fields',
  'landline',
  'birth_md',
  'birth_year',
  'created_at',
  'updated_at',
] as const;

const RUNS = 3;

function sqlite3Missing(): { missing: string } | null {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
    return null;
  } catch {
    return {
      missing: 'sqlite3 CLI not found: `apt-get install sqlite3` (Debian/Ubuntu) to measure the floor.',
    };
  }
}

/** The best of RUNS runs of `run` (each a fresh start): the machine's noise only ever adds. */
function best(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return Math.min(...times);
}

/** sqlite3's own CSV import into a plain in-memory table. */
export function plainFloor(file: string): Floor {
  const missing = sqlite3Missing();
  if (missing) return missing;
  return {
    ms: best(() =>
      execFileSync(
        'sqlite3',
        [':memory:', '-cmd', '.mode csv', '-cmd', '.separator ;', `.import ${file} t`],
        {
          stdio: 'ignore',
        },
      ),
    ),
  };
}

const csvField = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The contacts an import saved, as a UTF-8 CSV of their stored columns (NULL as empty), in seq order. */
export function rowsOut(db: Database, file: string): void {
  const out = fs.openSync(file, 'w');
  try {
    let lines: string[] = [];
    const rows = db
      .prepare(`SELECT ${COLUMNS.join(', ')} FROM contacts ORDER BY seq`)
      .raw()
      .iterate() as IterableIterator<unknown[]>;
    for (const row of rows) {
      lines.push(row.map(csvField).join(','));
      if (lines.length === 10_000) {
        fs.writeSync(out, lines.join('\n') + '\n');
        lines = [];
      }
    }
    if (lines.length > 0) fs.writeSync(out, lines.join('\n') + '\n');
  } finally {
    fs.closeSync(out);
  }
}

/** Empty strings of the CSV back to NULL, numbers back to integers (STRICT table). */
const VALUES = COLUMNS.map((c) =>
  ['landline', 'birth_md', 'birth_year'].includes(c)
    ? `CAST(nullif(${c}, '') AS INTEGER)`
    : c === 'email'
      ? `nullif(${c}, '')`
      : c,
).join(', ');

/**
 * `rowsCsv` (rowsOut's) into a fresh torpedo.db's contacts by sqlite3 alone:
 * the CSV read into a temporary table, then one INSERT ... SELECT in one
 * transaction. The best of RUNS runs, each on a fresh copy of the empty file.
 */
export function sameSchemaFloor(rowsCsv: string, workDir: string): SchemaFloor {
  const missing = sqlite3Missing();
  if (missing) return missing;
  const empty = path.join(workDir, 'floor-empty.db');
  const db = path.join(workDir, 'floor.db');
  fs.rmSync(empty, { force: true });
  openDatabase(empty).close();
  const script = [
    'PRAGMA synchronous = FULL;',
    'PRAGMA foreign_keys = ON;',
    `CREATE TEMP TABLE rows (${COLUMNS.join(', ')});`,
    `.import --csv --schema temp ${rowsCsv} rows`,
    'BEGIN;',
    `INSERT INTO contacts (${COLUMNS.join(', ')}) SELECT ${VALUES} FROM temp.rows;`,
    'COMMIT;',
  ].join('\n');
  try {
    const ms = best(() => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(db + suffix, { force: true });
      fs.copyFileSync(empty, db);
      execFileSync('sqlite3', ['-bail', db], { input: script, stdio: ['pipe', 'ignore', 'inherit'] });
    });
    const rows = Number(execFileSync('sqlite3', [db, 'SELECT count(*) FROM contacts'], { encoding: 'utf8' }));
    return { ms, rows };
  } finally {
    for (const file of [empty, db, `${db}-wal`, `${db}-shm`]) fs.rmSync(file, { force: true });
  }
}
