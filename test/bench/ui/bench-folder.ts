/**
 * The UI benchmark's data folders: N generated contacts (100,000 or
 * 1,000,000), the first 100,000 of them in the list "Clientes", written
 * straight through the contacts repo's bulk insert (the import's commit, not
 * the import). Building the million-contact one takes minutes, so each size
 * is built once into a cache folder and copied for every run (a run signs in
 * and sends a campaign: it writes).
 */
import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { allMigrations } from '@core/db/migrations';
import { openDatabase } from '@core/db/open-database';
import { ACCOUNT_PROFILE } from '@core/session/session-manager';
import { generateContacts } from '../contact-data';

export const LIST_NAME = 'Clientes';
export const LIST_SIZE = 100_000;
/** Rows per bulk insert (one transaction each, the size of a large import's chunk). */
const CHUNK = 100_000;
/** Bump when what is generated changes, so old caches are not reused. */
const GENERATION = 1;

const CACHE = join(tmpdir(), 'torpedo-bench-ui');

/** The cached folder for `contacts` contacts, built if missing (or if BENCH_FRESH is set). */
export function baseFolder(contacts: number, log: (line: string) => void): string {
  const dir = join(CACHE, `${contacts}-g${GENERATION}-m${allMigrations.length}`);
  if (existsSync(join(dir, DATABASE_FILE)) && !process.env.BENCH_FRESH) return dir;
  rmSync(dir, { recursive: true, force: true });
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const started = performance.now();
  const db = openDatabase(join(building, DATABASE_FILE));
  const repo = createContactsRepo(db);
  const list = repo.createList(ACCOUNT_PROFILE, LIST_NAME);
  // One generator run, cut into chunks: its phones are unique across the whole book.
  const rows = generateContacts(contacts, 1);
  for (let from = 0; from < contacts; from += CHUNK) {
    const chunk = rows.slice(from, from + CHUNK);
    repo.upsertMany(ACCOUNT_PROFILE, chunk, 'skip', from < LIST_SIZE ? list.id : undefined);
    log(`  built ${Math.min(contacts, from + CHUNK).toLocaleString('en')} contacts`);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(building, dir);
  log(`  data folder built in ${((performance.now() - started) / 1000).toFixed(0)} s: ${dir}`);
  return dir;
}

/** A fresh copy of a cached folder for one run (a copy-on-write clone where the file system can). */
export function runFolder(base: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'torpedo-bench-ui-run-'));
  copyFileSync(join(base, DATABASE_FILE), join(dir, DATABASE_FILE), constants.COPYFILE_FICLONE);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
