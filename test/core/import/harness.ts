import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import type { Result } from '@shared/app-error';
import type { EventPayloads } from '@shared/ipc-contract';
import type { ContactsPageView, ImportOpenedView, ImportPlanView, ImportResultView } from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { createRecordingHost, type RecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

export const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'contacts');

export const fixture = (name: string): Uint8Array =>
  new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

export function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

export function errorOf(result: Result<unknown>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value).slice(0, 200)}`);
  return result.error;
}

export interface ImportCore {
  core: Core;
  host: RecordingHost;
  dataDir: string;
  progress: EventPayloads['import:progress'][];
  /** Live contacts of the profile, read on a connection of the test's own. */
  count(profile?: string): number;
  listNames(profile?: string): string[];
  /** `contacts:search`, as the Contacts page calls it. */
  search(query: string): Promise<{ name: string; phone: string; email: string | null; lists: string[] }[]>;
  /** Opens, plans with the offered mapping (or `mapping`), and commits. */
  importFile(
    bytes: Uint8Array | string,
    fileName: string,
    opts?: { onDuplicate?: 'update' | 'skip'; listName?: string },
  ): Promise<{ opened: ImportOpenedView; plan: ImportPlanView; result: ImportResultView }>;
}

/**
 * The real core on a temp data folder. `localOnly` (the CLI's mode): the
 * folder's profile without signing in, so no sandbox is needed.
 */
export async function startImportCore(opts: { dataDir?: string } = {}): Promise<ImportCore> {
  const dataDir = opts.dataDir ?? tempDir();
  const host = createRecordingHost('pt-BR');
  const core = await createCore({ dataDir, host, secretStore: null, localOnly: true });
  onTestFinished(() => core.close());
  const progress: EventPayloads['import:progress'][] = [];
  core.onEvent((event, payload) => {
    if (event === 'import:progress') progress.push(payload as EventPayloads['import:progress']);
  });
  const file = path.join(dataDir, DATABASE_FILE);
  const withDb = <T>(work: (db: Sqlite.Database) => T): T => {
    const db = new Sqlite(file, { readonly: true });
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    core,
    host,
    dataDir,
    progress,
    count: (profile = 'default') =>
      withDb(
        (db) =>
          db
            .prepare('SELECT count(*) FROM contacts WHERE profile = ? AND deleted_at IS NULL')
            .pluck()
            .get(profile) as number,
      ),
    listNames: (profile = 'default') =>
      withDb((db) =>
        db.prepare('SELECT name FROM lists WHERE profile = ? ORDER BY name').pluck().all(profile),
      ) as string[],
    search: async (query) =>
      value<ContactsPageView>(
        await core.dispatch('contacts:search', { query, offset: 0, limit: 50 }),
      ).rows.map((r) => ({
        name: r.name,
        phone: r.phone,
        email: r.email,
        lists: r.lists.map((l) => l.name),
      })),
    importFile: async (bytes, fileName, o = {}) => {
      const opened = value<ImportOpenedView>(await core.dispatch('import:open', { fileName, data: bytes }));
      const plan = value<ImportPlanView>(
        await core.dispatch('import:plan', {
          importId: opened.importId,
          mapping: opened.preview.mapping,
          acceptNineDigitFix: false,
          locale: 'en',
        }),
      );
      const result = value<ImportResultView>(
        await core.dispatch('import:commit', {
          importId: opened.importId,
          onDuplicate: o.onDuplicate ?? 'update',
          ...(o.listName ? { listName: o.listName } : {}),
        }),
      );
      return { opened, plan, result };
    },
  };
}

/** Resolves with the first progress event that passes `test` (rejects after `ms`). */
export function waitForProgress(
  ic: ImportCore,
  test: (p: EventPayloads['import:progress']) => boolean,
  ms = 60_000,
): Promise<EventPayloads['import:progress']> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no such progress event')), ms);
    const off = ic.core.onEvent((event, payload) => {
      const p = payload as EventPayloads['import:progress'];
      if (event === 'import:progress' && test(p)) {
        clearTimeout(timer);
        off();
        resolve(p);
      }
    });
  });
}
