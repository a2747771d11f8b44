/**
 * The look at torpedo.db before the core uses it (issue 27, point 1), on real
 * data folders: a WAL left from another file is set aside, never replayed
 * (it rewrote contacts and broke 100 indexes); a WAL a crash left is
 * replayed as it must be (it holds committed work); random bytes inside the
 * file are found, and nothing is written to a damaged file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupsDirOf } from '@core/db/backup';
import { openCoreDatabase } from '@core/db/open-core-database';
import { createMemoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/temp-dir';
import {
  renameContactsHolding,
  addContactsHolding,
  backupNow,
  contactCount,
  copyFiles,
  dbFileOf,
  scribble,
  shopFolder,
} from './data-folder-support';

async function open(dataDir: string) {
  const log = createMemoryLog();
  const opened = await openCoreDatabase(dbFileOf(dataDir), {
    dataDir,
    backupsDir: backupsDirOf(dataDir),
    log,
  });
  return { ...opened, log };
}

const integrity = (file: string) => {
  const db = new Sqlite(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
};

/**
 * The README's restore by hand with its step skipped: a backup copied over
 * torpedo.db while the live file's WAL (and SHM) stays beside it.
 */
async function restoredByHandWithStaleWal(stamped: boolean): Promise<string> {
  const dataDir = tempDir();
  await shopFolder(dataDir, 300);
  const backup = await backupNow(dataDir);
  const stale = path.join(tempDir(), 'stale');
  if (stamped) {
    // The live file goes on: 2000 more contacts, its WAL (with the file's first page) on disk when copied.
    addContactsHolding(dataDir, 2_000, () => copyFiles(dataDir, stale));
  } else {
    // The live file grew (checkpointed), then renamed a few contacts: a WAL of a few pages of its own layout.
    addContactsHolding(dataDir, 2_000, () => undefined);
    renameContactsHolding(dataDir, () => copyFiles(dataDir, stale));
  }
  fs.copyFileSync(path.join(backupsDirOf(dataDir), backup), dbFileOf(dataDir));
  if (!stamped) {
    // A backup from before the lineage stamps: only the check can tell.
    const db = new Sqlite(dbFileOf(dataDir));
    db.pragma('application_id = 0');
    db.close();
  }
  for (const suffix of ['-wal', '-shm'])
    fs.copyFileSync(`${dbFileOf(stale)}${suffix}`, `${dbFileOf(dataDir)}${suffix}`);
  return dataDir;
}

describe('the data folder is checked before it is used', () => {
  for (const stamped of [true, false]) {
    it(`a WAL left from another file is set aside, unreplayed, and said (${stamped ? 'lineage stamp' : 'integrity check'})`, async () => {
      const dataDir = await restoredByHandWithStaleWal(stamped);
      const { db, recovery, notices, log } = await open(dataDir);
      expect(recovery).toBeNull();
      expect(notices).toEqual([
        {
          code: 'wal_set_aside',
          file: expect.stringMatching(/^torpedo\.db-wal\.set-aside-\d{8}-\d{6}$/),
          at: expect.any(String),
        },
      ]);
      // The backup's 300 contacts, not the other file's 2300, and every index whole.
      expect(db!.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(300);
      db!.close();
      expect(integrity(dbFileOf(dataDir))).toBe('ok');
      // Kept, not deleted: the set-aside WAL is there for support.
      expect(fs.existsSync(path.join(dataDir, notices[0]!.file))).toBe(true);
      expect(log.lines.find((l) => l.event === 'database.walSetAside')?.level).toBe('warn');
    });
  }

  it('a WAL a crash left (its own) is replayed: the work it holds is kept', async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 300);
    const crashed = tempDir();
    addContactsHolding(dataDir, 500, () => copyFiles(dataDir, crashed));
    expect(fs.statSync(`${dbFileOf(crashed)}-wal`).size).toBeGreaterThan(0);
    const { db, recovery, notices } = await open(crashed);
    expect(recovery).toBeNull();
    expect(notices).toEqual([]);
    expect(db!.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(800);
    db!.close();
  });

  it('8 KB of random bytes inside the file: damaged, said, and nothing written to it', async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 3_000);
    scribble(dbFileOf(dataDir), 8 * 1024);
    const before = fs.readFileSync(dbFileOf(dataDir));
    const { db, recovery, log } = await open(dataDir);
    expect(db).toBeNull();
    expect(recovery).toMatchObject({
      stage: 'damaged',
      code: expect.stringMatching(/^SQLITE_CORRUPT/),
      dataIntact: true,
    });
    expect(fs.readFileSync(dbFileOf(dataDir)).equals(before)).toBe(true);
    expect(log.lines.find((l) => l.event === 'database.damaged')?.level).toBe('error');
  });

  it('a file cut short, and one that is not a database at all, are damaged too', async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 3_000);
    const file = dbFileOf(dataDir);
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 3));
    expect((await open(dataDir)).recovery).toMatchObject({ stage: 'damaged' });
    fs.writeFileSync(file, 'nome,telefone\nAna,11987654321\n'.repeat(20));
    expect((await open(dataDir)).recovery).toMatchObject({ stage: 'damaged', code: 'SQLITE_NOTADB' });
  });

  it('a file from a newer Torpedo: too_new, left exactly as it was', async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 10);
    const raw = new Sqlite(dbFileOf(dataDir));
    raw.pragma('user_version = 999');
    raw.close();
    const before = fs.readFileSync(dbFileOf(dataDir));
    const { db, recovery } = await open(dataDir);
    expect(recovery).toMatchObject({ stage: 'too_new', fromVersion: 999 });
    db?.close();
    expect(fs.readFileSync(dbFileOf(dataDir)).equals(before)).toBe(true);
    expect(contactCount(dbFileOf(dataDir))).toBe(10);
  });
});
