/**
 * Races between cancel and the end of a commit. The real worker cannot be
 * made to finish at an exact moment, so a scripted worker stands in for the
 * thread here (hence "scripted worker" in the names); everything else is real.
 */
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ImportService } from '@core/import/import-service';
import type { CommitTotals, WorkerPreview, WorkerRequest } from '@core/import/worker/protocol';
import type { ImportWorkerClient } from '@core/import/worker/worker-client';
import { ImportCancelledError } from '@core/import/file';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createSettingsRepo } from '@core/db/settings-repo';
import { EventHub } from '@core/kernel/event-hub';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

const PREVIEW: WorkerPreview = {
  format: 'csv',
  headerLine: 1,
  headers: ['Nome', 'Celular'],
  columnTypes: [{ type: 'text' }, { type: 'text' }],
  sampleRows: [['Ana', '(21) 99876-5432']],
  totalRows: 1,
  encodings: ['utf-8'],
  delimiters: [';'],
  signature: 'h1:test',
  suggested: { name: 0, phone: 1, custom: [] },
};
const TOTALS: CommitTotals = { read: 1, imported: 1, updated: 0, duplicates: 0, invalid: 0, optedOut: 0 };

/** Answers open and plan at once; the commit waits until the test settles it. */
function scriptedWorker() {
  let settleCommit: { resolve(v: CommitTotals): void; reject(e: Error): void } | undefined;
  const cancels: number[] = [];
  const worker = {
    busy: false,
    request: (message: Omit<WorkerRequest, 'id'>) => {
      if (message.op === 'commit') {
        return new Promise((resolve, reject) => (settleCommit = { resolve, reject }));
      }
      if (message.op === 'plan') return Promise.resolve({ counts: {} });
      if (message.op === 'errorFile') return Promise.resolve(null);
      return Promise.resolve(PREVIEW);
    },
    cancel: () => void cancels.push(Date.now()),
    terminate: async () => undefined,
  };
  return {
    worker: worker as unknown as ImportWorkerClient,
    cancels,
    finishCommit: () => settleCommit!.resolve(TOTALS),
    cancelCommit: () => settleCommit!.reject(new ImportCancelledError()),
  };
}

function service(script: ReturnType<typeof scriptedWorker>) {
  const dataDir = tempDir();
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  onTestFinished(() => void db.close());
  return new ImportService({
    dbFile: path.join(dataDir, DATABASE_FILE),
    settings: createSettingsRepo(db),
    profile: () => 'default',
    events: new EventHub(),
    host: createRecordingHost(),
    startWorker: () => script.worker,
  });
}

async function committing(imports: ImportService) {
  const { importId } = await imports.open({ fileName: 'a.csv', data: new Uint8Array([65]) });
  await imports.plan({
    importId,
    mapping: PREVIEW.suggested,
    defaultCountry: 'BR',
    acceptNineDigitFix: false,
    locale: 'en',
  });
  return { importId, commit: imports.commit({ importId, onDuplicate: 'update' }) };
}

describe('cancel racing the end of a commit (scripted worker)', () => {
  it('the commit got there first: the import stays saved, cancel says so, the error file is still there', async () => {
    const script = scriptedWorker();
    const imports = service(script);
    const { importId, commit } = await committing(imports);
    const cancel = imports.cancel({ importId });
    expect(script.cancels).toHaveLength(1);
    script.finishCommit();
    expect(await cancel).toEqual({ cancelled: false });
    expect(await commit).toMatchObject({ imported: 1, cancelled: false });
    expect(imports.openCount).toBe(1);
    await expect(imports.errorFile({ importId, locale: 'en' })).resolves.toBe(null);
  });

  it('the cancel got there first: rolled back, the commit says cancelled, the import is closed', async () => {
    const script = scriptedWorker();
    const imports = service(script);
    const { importId, commit } = await committing(imports);
    const cancel = imports.cancel({ importId });
    script.cancelCommit();
    expect(await cancel).toEqual({ cancelled: true });
    expect(await commit).toMatchObject({ imported: 0, cancelled: true });
    expect(imports.openCount).toBe(0);
  });
});
