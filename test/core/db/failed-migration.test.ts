/**
 * A data update that fails must lose nothing: on a real torpedo.db holding a
 * shop's contacts, list, opt-out and campaign, this version's core is started
 * with one good new migration and one broken one after it. The file is backed
 * up first, the good step's change is undone by putting the backup back, and
 * the core starts on the data as it was, saying so; the next start with
 * working migrations finds everything.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { allMigrations } from '@core/db/migrations';
import type { Migration } from '@core/db/migrations/types';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { demoService } from '../../../src/sandbox/index';
import type { Result } from '@shared/app-error';
import type { ContactsPageView, DataRecoveryView } from '@shared/dto';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

const SCHEMA = allMigrations.length;

async function start(dataDir: string, migrations?: readonly Migration[]): Promise<Core> {
  const core = await createCore({
    demo: demoService,
    dataDir,
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    demoWhenSignedOut: true,
    ...(migrations ? { migrations } : {}),
  });
  cores.push(core);
  return core;
}

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** A shop's data, through the real core, in a real data folder; closed after. */
async function shopData(dataDir: string): Promise<void> {
  const core = await start(dataDir);
  const list = ok(await core.dispatch('lists:create', { name: 'Clientes' }));
  ok(await core.dispatch('contacts:create', { name: 'Maria', phone: '11 98765-4321', listIds: [list.id] }));
  ok(await core.dispatch('contacts:create', { name: 'João', phone: '21 99999-8888', listIds: [list.id] }));
  ok(await core.dispatch('optOuts:add', { phones: ['11 91234-5678'] }));
  ok(await core.dispatch('campaigns:create', { name: 'Sábado' }));
  await cores.pop()!.close();
}

/** What is in the file itself, read beside the app. */
function inFile(dataDir: string) {
  const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }) as number,
      names: (db.prepare('SELECT name FROM contacts ORDER BY name').all() as { name: string }[]).map(
        (r) => r.name,
      ),
      optOuts: (db.prepare('SELECT count(*) AS n FROM opt_outs').get() as { n: number }).n,
      campaigns: (db.prepare('SELECT count(*) AS n FROM campaigns').get() as { n: number }).n,
      columns: (db.prepare('PRAGMA table_info(contacts)').all() as { name: string }[]).map((c) => c.name),
    };
  } finally {
    db.close();
  }
}

/** A new step that works and changes the shop's data: the restore must undo it. */
const renameEveryone: Migration = {
  version: SCHEMA + 1,
  name: 'nicknames',
  up: (db) => db.exec("ALTER TABLE contacts ADD COLUMN nickname TEXT; UPDATE contacts SET name = 'changed'"),
};
/** A new step that breaks halfway. */
const broken: Migration = {
  version: SCHEMA + 2,
  name: 'broken',
  up: (db) => {
    db.exec('DELETE FROM opt_outs');
    throw new Error('no such column: contacts.surname');
  },
};

describe('a failed data update', () => {
  it('backs up, puts the backup back, starts on it saying so, and loses nothing', async () => {
    const dataDir = tempDir();
    await shopData(dataDir);
    const before = inFile(dataDir);
    expect(before).toMatchObject({ version: SCHEMA, names: ['João', 'Maria'], optOuts: 1, campaigns: 1 });

    const core = await start(dataDir, [...allMigrations, renameEveryone, broken]);

    // The data is exactly as before: the good step's change was undone with the rest.
    expect(inFile(dataDir)).toEqual(before);
    const recovery = ok(await core.dispatch('data:recovery', {})) as DataRecoveryView;
    expect(recovery).toEqual({
      stage: 'migration',
      fromVersion: SCHEMA,
      toVersion: SCHEMA + 2,
      failedVersion: SCHEMA + 2,
      backupName: `torpedo-schema-${SCHEMA}.db`,
      dataIntact: true,
      dataFolder: dataDir,
      backupsFolder: join(dataDir, 'backups'),
    });
    // This version's screens need the new format: they answer plainly instead of breaking.
    const search = await core.dispatch('contacts:search', { query: '' });
    expect(search.ok ? null : search.error.code).toBe('data_upgrade_failed');
    // What is safe on any format still works: settings, diagnostics, the backups, the export.
    expect(ok(await core.dispatch('settings:get', {}))).toMatchObject({ language: 'system' });
    const diagnostics = ok(await core.dispatch('diagnostics:get', {}));
    expect(diagnostics.schemaVersion).toBe(SCHEMA);
    expect(diagnostics.problems.map((p) => p.event)).toContain('database.migrationFailed');
    expect(ok(await core.dispatch('data:backups', {})).backups.map((b) => b.name)).toEqual([
      `torpedo-schema-${SCHEMA}.db`,
    ]);
    expect(ok(await core.dispatch('data:export', {})).counts).toMatchObject({
      contacts: 2,
      optOuts: 1,
      campaigns: 1,
    });
    await cores.pop()!.close();

    // The next start with working migrations (a fixed version) finds everything.
    const fixed = await start(dataDir);
    expect(ok(await fixed.dispatch('data:recovery', {}))).toBeNull();
    const page = ok(await fixed.dispatch('contacts:search', { query: '' })) as ContactsPageView;
    expect(page.rows.map((r) => r.name).sort()).toEqual(['João', 'Maria']);
  });

  it('does not update at all when the backup cannot be made', async () => {
    const dataDir = tempDir();
    await shopData(dataDir);
    const before = inFile(dataDir);
    // A file where the backups folder should be: the copy cannot be written.
    writeFileSync(join(dataDir, 'backups'), 'not a folder');

    const core = await start(dataDir, [...allMigrations, renameEveryone]);

    expect(inFile(dataDir)).toEqual(before);
    expect(ok(await core.dispatch('data:recovery', {}))).toMatchObject({
      stage: 'backup',
      fromVersion: SCHEMA,
      toVersion: SCHEMA + 1,
      dataIntact: true,
    });
  });

  it('backs up before a successful update too, and not a new, empty folder', async () => {
    const fresh = tempDir();
    await start(fresh);
    expect(ok(await cores[0]!.dispatch('data:backups', {})).backups).toEqual([]);
    await cores.pop()!.close();

    await shopData(fresh);
    const core = await start(fresh, [...allMigrations, renameEveryone]);
    expect(ok(await core.dispatch('data:recovery', {}))).toBeNull();
    expect(inFile(fresh)).toMatchObject({ version: SCHEMA + 1, names: ['changed', 'changed'] });
    const [backup] = ok(await core.dispatch('data:backups', {})).backups;
    expect(backup).toMatchObject({ name: `torpedo-schema-${SCHEMA}.db`, schemaVersion: SCHEMA });
    // The backup is the data before the update, in one file that opens on its own.
    const copy = new Sqlite(join(fresh, 'backups', backup!.name), { readonly: true });
    expect(copy.prepare('SELECT name FROM contacts ORDER BY name').all()).toEqual([
      { name: 'João' },
      { name: 'Maria' },
    ]);
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
  });
});
