/**
 * Cancel, hostile files, the inputs the bridges deliver, and the life of an
 * import session (cap, expiry, profile), through createCore + dispatch.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportOpenedView, ImportPlanView, ImportResultView, SessionInfo } from '@shared/dto';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createSettingsRepo } from '@core/db/settings-repo';
import { EventHub } from '@core/kernel/event-hub';
import { ImportService } from '@core/import/import-service';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { demoService, startSandbox } from '../../../src/sandbox/index';
import { generateImportRows, toCp1252Csv } from '../../bench/import-data';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { errorOf, fixture, startImportCore, value, waitForProgress } from './harness';

const CP1252 = 'contatos-cp1252.csv';

let big: Uint8Array | undefined;
/** 100,000 rows (5.5 MB): planning and saving take long enough for a cancel to land mid-way. */
/** A fresh copy each time: the import takes the bytes it is given (and frees a large file's once on disk). */
const bigCsv = () => new Uint8Array((big ??= new Uint8Array(toCp1252Csv(generateImportRows(100_000).rows))));

describe('cancel', () => {
  it(
    'during planning: the plan stops, the import closes, nothing changes',
    { timeout: 120_000 },
    async () => {
      const ic = await startImportCore();
      await ic.importFile(fixture(CP1252), CP1252);
      const before = ic.count();
      const { importId, preview } = value<ImportOpenedView>(
        await ic.core.dispatch('import:open', { fileName: 'grande.csv', data: bigCsv() }),
      );
      expect(preview.totalRows).toBe(100_000);
      const midway = waitForProgress(
        ic,
        (p) => p.importId === importId && p.phase === 'planning' && p.done > 0,
      );
      const planning = ic.core.dispatch('import:plan', {
        importId,
        mapping: preview.mapping,
        acceptNineDigitFix: false,
      });
      const reached = await midway;
      expect(reached.done).toBeLessThan(reached.total);
      // One request at a time per import.
      expect(errorOf(await ic.core.dispatch('import:reparse', { importId, delimiter: ',' })).code).toBe(
        'import_busy',
      );
      expect(value(await ic.core.dispatch('import:cancel', { importId }))).toEqual({ cancelled: true });
      expect(errorOf(await planning).code).toBe('import_cancelled');
      expect(errorOf(await ic.core.dispatch('import:commit', { importId, onDuplicate: 'update' })).code).toBe(
        'import_not_found',
      );
      expect(ic.count()).toBe(before);
    },
  );

  it(
    'during the commit: rolled back, list included; the data is as before',
    { timeout: 120_000 },
    async () => {
      const ic = await startImportCore();
      await ic.importFile(fixture(CP1252), CP1252, { listName: 'Antiga' });
      const before = { count: ic.count(), lists: ic.listNames() };
      const { importId, preview } = value<ImportOpenedView>(
        await ic.core.dispatch('import:open', { fileName: 'grande.csv', data: bigCsv() }),
      );
      const plan = value<ImportPlanView>(
        await ic.core.dispatch('import:plan', {
          importId,
          mapping: preview.mapping,
          acceptNineDigitFix: false,
        }),
      );
      expect(plan.counts.valid).toBeGreaterThan(90_000);
      const midway = waitForProgress(
        ic,
        (p) => p.importId === importId && p.phase === 'saving' && p.done > 0 && p.done < p.total,
      );
      const committing = ic.core.dispatch('import:commit', {
        importId,
        onDuplicate: 'update',
        listName: 'Nova',
      });
      await midway;
      expect(value(await ic.core.dispatch('import:cancel', { importId }))).toEqual({ cancelled: true });
      expect(value<ImportResultView>(await committing)).toMatchObject({
        cancelled: true,
        imported: 0,
        updated: 0,
      });
      expect({ count: ic.count(), lists: ic.listNames() }).toEqual(before);
      // The worker's connection is gone: the app can write again at once.
      const after = await ic.importFile(fixture('contacts-utf8-bom.csv'), 'contacts-utf8-bom.csv');
      expect(after.result.cancelled).toBe(false);
    },
  );

  it('before anything runs: the import is dropped; after a commit: too late, it stays saved', async () => {
    const ic = await startImportCore();
    const { importId } = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
    );
    expect(value(await ic.core.dispatch('import:cancel', { importId }))).toEqual({ cancelled: true });
    expect(value(await ic.core.dispatch('import:cancel', { importId }))).toEqual({ cancelled: false });

    const { opened } = await ic.importFile(fixture(CP1252), CP1252);
    expect(value(await ic.core.dispatch('import:cancel', { importId: opened.importId }))).toEqual({
      cancelled: false,
    });
    expect(ic.count()).toBe(4);
    // Still open for its error file.
    expect(
      value(await ic.core.dispatch('import:errorFile', { importId: opened.importId, locale: 'en' })),
    ).not.toBe(null);
    expect(
      errorOf(await ic.core.dispatch('import:commit', { importId: opened.importId, onDuplicate: 'update' }))
        .code,
    ).toBe('import_finished');
  });
});

describe('a save that fails', () => {
  it(
    'while another writer holds the database: can be saved again; reading the file again needs it again',
    { timeout: 60_000 },
    async () => {
      const ic = await startImportCore();
      const { importId, preview } = value<ImportOpenedView>(
        await ic.core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
      );
      const plan = { importId, mapping: preview.mapping, acceptNineDigitFix: false };
      value(await ic.core.dispatch('import:plan', plan));
      // The CLI, say, in the middle of a long write: the save waits for it, then gives up.
      const other = openDatabase(path.join(ic.dataDir, DATABASE_FILE));
      other.exec('BEGIN IMMEDIATE');
      try {
        expect(
          errorOf(await ic.core.dispatch('import:commit', { importId, onDuplicate: 'update' })).code,
        ).toBe('database_busy');
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect(ic.count()).toBe(0);
      // The file's bytes were let go when the save started: other reading choices need the file again...
      expect(errorOf(await ic.core.dispatch('import:reparse', { importId, delimiter: ',' })).code).toBe(
        'import_not_found',
      );
      // ...while planning again and saving again work.
      value(await ic.core.dispatch('import:plan', plan));
      expect(
        value<ImportResultView>(await ic.core.dispatch('import:commit', { importId, onDuplicate: 'update' })),
      ).toMatchObject({ cancelled: false, imported: 4 });
      expect(ic.count()).toBe(4);
    },
  );
});

describe('hostile files: a clear error code, nothing imported, no import left open', () => {
  it.each([
    ['empty.csv', 'empty_file'],
    ['garbage.csv', 'unreadable_file'],
    ['image-renamed.csv', 'unsupported_format'],
    ['zip-bomb.xlsx', 'zip_bomb'],
    ['zip-bomb-lying.xlsx', 'zip_bomb'],
    ['wide-header.csv', 'too_many_columns'],
  ])('%s → %s', async (name, code) => {
    const ic = await startImportCore();
    const result = await ic.core.dispatch('import:open', { fileName: name, data: fixture(name) });
    const error = errorOf(result);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(10);
    expect(ic.count()).toBe(0);
    // The failed imports did not take a place: two good ones still open side by side.
    const a = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
    );
    value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
    );
    expect(value(await ic.core.dispatch('import:cancel', { importId: a.importId }))).toEqual({
      cancelled: true,
    });
  });

  it('says what a renamed PNG really is, with the value for the translation', async () => {
    const ic = await startImportCore();
    const error = errorOf(
      await ic.core.dispatch('import:open', {
        fileName: 'image-renamed.csv',
        data: fixture('image-renamed.csv'),
      }),
    );
    expect(error).toEqual({
      code: 'unsupported_format',
      message:
        'This file (png) is not a spreadsheet. Open the spreadsheet in Excel, LibreOffice or Google Sheets, save it as CSV or XLSX and import that file.',
      details: { params: { detected: 'png' } },
    });
  });

  it('a cell longer than an SMS could use rejects its row, not the file', async () => {
    const ic = await startImportCore();
    const { plan } = await ic.importFile(fixture('long-cell.csv'), 'long-cell.csv');
    expect(plan.rejectedSample.items.map((r) => r.reason)).toContain('cell_too_long');
    expect(plan.rejectedSample.items.every((r) => r.cells!.every((c) => c.length <= 200))).toBe(true);
  });
});

describe('what the bridges deliver', () => {
  it('takes the file as a Uint8Array (Electron IPC) or as base64 text (a JSON-only bridge)', async () => {
    const ic = await startImportCore();
    const bytes = fixture(CP1252);
    const asBytes = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: CP1252, data: bytes }),
    );
    const asBase64 = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', {
        fileName: CP1252,
        data: Buffer.from(bytes).toString('base64'),
      }),
    );
    expect(asBase64.preview).toEqual(asBytes.preview);
    // The caller's array is copied, never detached by the transfer to the worker.
    expect(bytes.byteLength).toBe(553);
  });

  it('gives a large file’s memory back once its copy is on disk, and leaves a small one alone', async () => {
    const ic = await startImportCore();
    const large = bigCsv();
    expect(large.byteLength).toBeGreaterThan(1024 * 1024);
    const opened = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: 'grande.csv', data: large }),
    );
    // The preview was read from the copy; the caller's array no longer holds the 5 MB.
    expect(opened.preview.totalRows).toBe(100_000);
    expect(large.byteLength).toBe(0);
    const small = new Uint8Array(fixture(CP1252));
    value(await ic.core.dispatch('import:open', { fileName: CP1252, data: small }));
    expect(small.byteLength).toBe(fixture(CP1252).byteLength);
  });

  it('refuses what is not a file, or one over 100 MB, before any work', async () => {
    const ic = await startImportCore();
    const fields = async (input: unknown) =>
      errorOf(await ic.core.dispatchUntrusted('import:open', input)).details?.fields?.map((f) => f.field);
    expect(await fields({ fileName: 'a.csv', data: 'não é base64!' })).toEqual(['data']);
    expect(await fields({ fileName: 'a.csv', data: [1, 2, 3] })).toEqual(['data']);
    expect(await fields({ fileName: 'a.csv', data: new Uint8Array(100 * 1024 * 1024 + 1) })).toEqual([
      'data',
    ]);
    expect(await fields({ fileName: 'a.csv', data: 'A'.repeat(140 * 1024 * 1024) })).toEqual(['data']);
    expect(await fields({ fileName: '', data: 'QQ==' })).toEqual(['fileName']);
    // Empty is a file the import explains (translated), not a malformed call.
    expect(errorOf(await ic.core.dispatch('import:open', { fileName: 'a.csv', data: '' })).code).toBe(
      'empty_file',
    );
    expect(await fields({ fileName: 'a.csv', data: 'QQ==', path: '/etc' })).toEqual(['(input)']);
    expect(
      errorOf(await ic.core.dispatchUntrusted('import:plan', { importId: 'x', acceptNineDigitFix: false }))
        .code,
    ).toBe('invalid_input');
  });

  it('keeps only the name of a path given as the file name', async () => {
    const ic = await startImportCore();
    const { opened } = await ic.importFile(fixture(CP1252), 'C:\\Users\\maria\\Desktop\\contatos.csv');
    const file = value<{ fileName: string }>(
      await ic.core.dispatch('import:errorFile', { importId: opened.importId, locale: 'en' }),
    );
    expect(file.fileName).toBe('contatos-rejected.csv');
  });
});

describe('progress events', () => {
  it(
    'carry the import id, go reading → planning → saving, end at done = total, ~10/s at most',
    { timeout: 120_000 },
    async () => {
      const ic = await startImportCore();
      const started = Date.now();
      const { opened } = await ic.importFile(bigCsv(), 'grande.csv');
      const elapsed = Date.now() - started;
      const events = ic.progress.filter((p) => p.importId === opened.importId);
      expect(ic.progress.every((p) => p.importId === opened.importId)).toBe(true);
      const phases = events.map((p) => p.phase).filter((phase, i, all) => phase !== all[i - 1]);
      expect(phases).toEqual(['reading', 'planning', 'saving']);
      for (const phase of ['reading', 'planning', 'saving'] as const) {
        const last = events.filter((p) => p.phase === phase).at(-1)!;
        expect(last.done, phase).toBe(last.total);
      }
      // Per phase: its first and last, and otherwise no more than one per 100 ms.
      expect(events.length).toBeLessThanOrEqual(elapsed / 100 + 3 * 2);
    },
  );
});

describe('import sessions', () => {
  it('at most two are open: a third closes the least recently used idle one', async () => {
    const ic = await startImportCore();
    const open = async () =>
      value<ImportOpenedView>(
        await ic.core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
      ).importId;
    const [a, b] = [await open(), await open()];
    value(await ic.core.dispatch('import:reparse', { importId: a, delimiter: ';' }));
    await open();
    expect(errorOf(await ic.core.dispatch('import:reparse', { importId: b })).code).toBe('import_not_found');
    value(await ic.core.dispatch('import:reparse', { importId: a }));
  });

  it('expire when left alone, dropping the file (ImportService with a short idle time)', async () => {
    const dataDir = tempDir();
    const dbFile = path.join(dataDir, DATABASE_FILE);
    const db = openDatabase(dbFile);
    const service = new ImportService({
      dbFile,
      settings: createSettingsRepo(db),
      profile: () => 'default',
      events: new EventHub(),
      host: createRecordingHost(),
      idleMs: 300,
    });
    try {
      const { importId } = await service.open({ fileName: CP1252, data: fixture(CP1252) });
      expect(service.openCount).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(service.openCount).toBe(0);
      await expect(service.reparse({ importId })).rejects.toMatchObject({ code: 'import_not_found' });
    } finally {
      await service.closeAll();
      db.close();
    }
  });

  it(
    'belong to the signed-in profile: not_signed_in when signed out; closed to another profile',
    { timeout: 60_000 },
    async () => {
      const sandbox = await startSandbox({ port: 0, seed: 3 });
      const dataDir = tempDir();
      const core = await createCore({
        demo: demoService,
        dataDir,
        host: createRecordingHost(),
        secretStore: createMemorySecretStore(),
      });
      try {
        expect(
          errorOf(await core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) })).code,
        ).toBe('not_signed_in');
        value<SessionInfo>(
          await core.dispatch('session:signIn', { accountKey: 'test_import_profile', baseUrl: sandbox.url }),
        );
        const { importId, preview } = value<ImportOpenedView>(
          await core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
        );
        value(
          await core.dispatch('import:plan', {
            importId,
            mapping: preview.mapping,
            acceptNineDigitFix: false,
          }),
        );
        value<SessionInfo>(await core.dispatch('session:startDemo', {}));
        // The demo is another profile: the account's import is not reachable from it.
        expect(errorOf(await core.dispatch('import:commit', { importId, onDuplicate: 'update' })).code).toBe(
          'import_not_found',
        );
        const demo = value<ImportOpenedView>(
          await core.dispatch('import:open', { fileName: CP1252, data: fixture(CP1252) }),
        );
        value(
          await core.dispatch('import:plan', {
            importId: demo.importId,
            mapping: demo.preview.mapping,
            acceptNineDigitFix: false,
          }),
        );
        expect(
          value<ImportResultView>(
            await core.dispatch('import:commit', { importId: demo.importId, onDuplicate: 'update' }),
          ),
        ).toMatchObject({ imported: 4 });
      } finally {
        await core.close();
        await sandbox.close();
      }
      const db = openDatabase(path.join(dataDir, DATABASE_FILE));
      try {
        const count = db.prepare<[string], number>('SELECT count(*) FROM contacts WHERE profile = ?').pluck();
        expect({ demo: count.get('demo'), account: count.get('default') }).toEqual({ demo: 4, account: 0 });
      } finally {
        db.close();
      }
    },
  );
});
