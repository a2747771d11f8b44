/**
 * "Restaurar uma cópia de segurança" (`data:restore`), on the real core and
 * real files: the backup is put back, the data as it was is kept (with its
 * WAL and SHM, still openable), the core starts again on the backup and every
 * channel reads it; a damaged file's recovery core is the way in; another
 * Torpedo on the folder, a damaged backup and a name not in the list are
 * refused with nothing moved.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { backupsDirOf } from '@core/db/backup';
import type { Result } from '@shared/app-error';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { backupNow, contactCount, dbFileOf, scribble, shopFolder } from '../db/data-folder-support';

async function start(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, host: createRecordingHost(), secretStore: null, localOnly: true });
  onTestFinished(() => core.close());
  return core;
}

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

const contactsIn = async (core: Core) => ok(await core.dispatch('contacts:search', { limit: 1 })).total;

describe('data:restore', () => {
  it('puts the backup back, keeps the data as it was (WAL and SHM with it), and the core reads the backup', async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 5);
    const backup = await backupNow(dataDir);
    const core = await start(dataDir);
    ok(await core.dispatch('contacts:create', { name: 'Depois da cópia', phone: '11 98765-0000' }));
    expect(await contactsIn(core)).toBe(6);

    const result = ok(await core.dispatch('data:restore', { name: backup }));
    expect(result).toEqual({
      restored: backup,
      keptAs: expect.stringMatching(/^torpedo-before-restore-\d{8}-\d{6}\.db$/),
    });
    // The same core object, started again on the backup.
    expect(await contactsIn(core)).toBe(5);
    expect(ok(await core.dispatch('data:recovery', {}))).toBeNull();
    // The data as it was, in the backups folder and listed there, still opens (its WAL replayed) with 6.
    const kept = path.join(backupsDirOf(dataDir), result.keptAs);
    expect(contactCount(kept)).toBe(6);
    const listed = ok(await core.dispatch('data:backups', {})).backups;
    expect(listed.map((b) => [b.name, b.kind])).toEqual([
      [backup, 'update'],
      [result.keptAs, 'before-restore'],
    ]);
    // And it can be put back in turn: the restore is undone (the file kept now never overwrites it).
    const undone = ok(await core.dispatch('data:restore', { name: result.keptAs }));
    expect(undone.keptAs).not.toBe(result.keptAs);
    expect(await contactsIn(core)).toBe(6);
  });

  it("is the way out of a damaged file: the recovery core's restore, then the whole app again", async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 3_000);
    const backup = await backupNow(dataDir);
    scribble(dbFileOf(dataDir), 8 * 1024);
    const core = await start(dataDir);
    expect(ok(await core.dispatch('data:recovery', {}))).toMatchObject({ stage: 'damaged' });
    const refused = await core.dispatch('contacts:search', { limit: 5 });
    expect(refused.ok || refused.error).toMatchObject({
      code: 'data_damaged',
      message: expect.stringContaining('torpedo.db) is damaged'),
      details: { reason: expect.stringMatching(/^SQLITE_CORRUPT/) },
    });

    ok(await core.dispatch('data:restore', { name: backup }));
    expect(ok(await core.dispatch('data:recovery', {}))).toBeNull();
    expect(await contactsIn(core)).toBe(3_000);
  });

  it('refuses while another Torpedo has the file open, a damaged backup, and a name not in the list: nothing moved', async () => {
    const dataDir = tempDir();
    await shopFolder(dataDir, 5);
    const backup = await backupNow(dataDir);
    const core = await start(dataDir);
    const files = () => fs.readdirSync(dataDir).sort();
    const before = files();

    // Another process's connection (a worker in a terminal) holds the file.
    const other = new Sqlite(dbFileOf(dataDir));
    other.prepare('SELECT count(*) FROM contacts').get();
    const busy = await core.dispatch('data:restore', { name: backup });
    other.close();
    expect(busy.ok || busy.error.code).toBe('data_in_use');
    expect(files()).toEqual(before);
    expect(await contactsIn(core)).toBe(5);

    scribble(path.join(backupsDirOf(dataDir), backup), 4 * 1024);
    const damaged = await core.dispatch('data:restore', { name: backup });
    expect(damaged.ok || damaged.error.code).toBe('data_damaged');
    const unknown = await core.dispatch('data:restore', { name: 'torpedo-schema-1.db' });
    expect(unknown.ok || unknown.error.code).toBe('not_found');
    const hostile = await core.dispatch('data:restore', { name: '../torpedo.db' } as never);
    expect(hostile.ok || hostile.error.code).toBe('invalid_input');
    expect(files()).toEqual(before);
    expect(await contactsIn(core)).toBe(5);
  });
});
