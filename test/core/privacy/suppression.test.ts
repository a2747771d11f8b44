/**
 * What stays of an erased person is their number's keyed hash, and it keeps
 * them out: the same spreadsheet imported again skips their row and its
 * error file says why (without copying their cells), the number typed in
 * any other way is still recognised, a contact added again by hand is left
 * out of a campaign's audience and of a test send, and restoring a backup
 * made before the erase applies the erase again on the next open.
 * Real core, real sandbox, real files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backUpDatabase, backupsDirOf } from '@core/db/backup';
import { restoreFromBackup } from '@core/db/restore-backup';
import { allMigrations } from '@core/db/migrations';
import { openDatabase } from '@core/db/open-database';
import type {
  ImportErrorFileView,
  ImportOpenedView,
  ImportPlanView,
  ImportResultView,
  PersonEraseResult,
  PersonView,
} from '@shared/dto';
import { createCore } from '@core/kernel/create-core';
import { createRecordingHost } from '../../support/test-host';
import { value } from '../../support/core-harness';
import { eventually } from '../../support/eventually';
import { coreWithMaria, MARIA, NAME_FORMS, WRITTEN_FORMS } from './privacy-harness';

const SPREADSHEET = [
  'Nome;Celular;Bairro',
  `${MARIA.name};(11) 98765-4321;Vila Zebedeu`,
  'Carla Dias;(21) 99111-0003;Centro',
].join('\n');

describe('an erased person', () => {
  it('is skipped by an import of the same spreadsheet, and the error file says why', async () => {
    const { c } = await coreWithMaria('suppress-import');
    await c.call<PersonEraseResult>('privacy:erase', { phone: MARIA.e164 });

    const opened = await c.call<ImportOpenedView>('import:open', {
      fileName: 'clientes.csv',
      data: new TextEncoder().encode(SPREADSHEET),
    });
    const plan = await c.call<ImportPlanView>('import:plan', {
      importId: opened.importId,
      mapping: opened.preview.mapping,
      acceptNineDigitFix: false,
      locale: 'pt-BR',
    });
    expect(plan.counts).toMatchObject({ read: 2, valid: 1, invalid: 1 });
    expect(plan.rejectedSample.items).toEqual([
      expect.objectContaining({ line: 2, reason: 'erased_by_request', cells: ['', '', ''] }),
    ]);
    expect(plan.rejectedSample.items[0]!.message).toContain('apagado a pedido do titular');
    const result = await c.call<ImportResultView>('import:commit', {
      importId: opened.importId,
      onDuplicate: 'update',
    });
    expect(result).toMatchObject({ imported: 1, invalid: 1 });
    expect(c.db.prepare('SELECT count(*) FROM contacts WHERE phone = ?').pluck().get(MARIA.e164)).toBe(0);

    const errors = await c.call<ImportErrorFileView>('import:errorFile', {
      importId: opened.importId,
      locale: 'pt-BR',
    });
    const text = new TextDecoder().decode(errors.bytes);
    expect(errors.rows).toBe(1);
    expect(text).toContain('apagado a pedido do titular');
    for (const form of [...WRITTEN_FORMS, ...NAME_FORMS]) expect(text).not.toContain(form);
  }, 60_000);

  it('is recognised however the number is typed again', async () => {
    const { c } = await coreWithMaria('suppress-typed');
    await c.call('privacy:erase', { phone: '+55 (11) 98765-4321' });
    for (const typed of ['11987654321', '(11) 8765-4321', '011 98765 4321', '+5511987654321']) {
      const person = await c.call<PersonView>('privacy:show', { phone: typed });
      expect(person).toMatchObject({ phone: MARIA.e164, erased: true, found: false, contact: null });
    }
    const other = await c.call<PersonView>('privacy:show', { phone: '(21) 99111-0001' });
    expect(other.erased).toBe(false);
  }, 60_000);

  it('added again by hand, is left out of a campaign and refused a test send', async () => {
    const { c, ledger } = await coreWithMaria('suppress-freeze');
    await c.call('privacy:erase', { phone: MARIA.e164 });
    const list = await c.call<{ id: string }>('lists:create', { name: 'De novo' });
    const again = await c.call<{ id: string }>('contacts:create', { name: 'Maria Q.', phone: MARIA.e164 });
    const ana = await c.call<{ id: string }>('contacts:create', { name: 'Ana', phone: '+5521991110009' });
    await c.call('contacts:addToList', { listId: list.id, ids: [again.id, ana.id] });

    const draft = await c.call<{ id: string }>('campaigns:create', { name: 'Depois do pedido' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{nome}}!',
      audience: { listIds: [list.id], contactIds: [] },
    });
    await c.call('campaigns:send', { id: draft.id });
    const phones = c.db
      .prepare('SELECT phone FROM campaign_messages WHERE campaign_id = ?')
      .pluck()
      .all(draft.id);
    expect(phones).toEqual(['+5521991110009']);

    const test = await c.core.dispatch('campaigns:testSend', { id: draft.id, phone: '11 98765-4321' });
    expect(test).toMatchObject({
      ok: false,
      error: { code: 'number_blocked', details: { params: { source: 'opted_out' } } },
    });
    // The service got her one message, the first campaign's, before the erase; nothing since.
    await eventually(async () => {
      const sent = (await ledger()).messages.map((m) => m.phone.replace(/\D/g, '').slice(-11));
      expect(sent).toContain('21991110009');
      expect(sent.filter((p) => p === '11987654321')).toHaveLength(1);
    }, 20_000);
  }, 60_000);

  it('restored from a backup made before the erase, is erased again on the next open', async () => {
    const { c } = await coreWithMaria('suppress-restore');
    const dbFile = path.join(c.dataDir, 'torpedo.db');
    const before = await backUpDatabase(c.db, backupsDirOf(c.dataDir), allMigrations.length);
    await c.call('privacy:erase', { phone: MARIA.e164 });
    await c.close();
    await restoreFromBackup(c.dataDir, dbFile, before.name, new Date());
    const restored = openDatabase(dbFile);
    expect(restored.prepare('SELECT count(*) FROM contacts WHERE phone = ?').pluck().get(MARIA.e164)).toBe(1);
    restored.close();

    // The same keychain (the key outlives the database), a new core on the restored file.
    const core = await createCore({
      dataDir: c.dataDir,
      host: createRecordingHost('pt-BR'),
      secretStore: c.secrets,
      localOnly: true,
    });
    try {
      const person = value<PersonView>(await core.dispatch('privacy:show', { phone: MARIA.e164 }));
      expect(person).toMatchObject({ erased: true, found: false, contact: null, messages: [] });
    } finally {
      await core.close();
    }
    const db = openDatabase(dbFile);
    expect(db.prepare('SELECT by FROM privacy_erasures ORDER BY at').pluck().all()).toEqual(['reapplied']);
    db.close();
    expect(fs.readFileSync(dbFile).includes(Buffer.from('Zebedeu'))).toBe(false);
  }, 60_000);
});
