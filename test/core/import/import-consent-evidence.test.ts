/**
 * Consent with its evidence (issue 35, item 4), through the real core (the
 * import's worker thread, a real SQLite file, a real file on disk): a file's
 * consent columns become each row's record (not custom fields); consent given
 * for the whole file records its words, channel and collector on every row;
 * an opt-out withdraws a record and keeps it; a consent typed in the drawer
 * is a record too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConsentRecordView, ContactsPageView, ContactView, ImportOpenedView } from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { NOW, ok } from '../segments/segment-fixture';

async function localCore(): Promise<Core> {
  const core = await createCore({
    dataDir: tempDir(),
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    localOnly: true,
    now: () => NOW,
  });
  return core;
}

/** Writes the sheet to a file and imports it as the wizard does: open, plan with the offered mapping, commit. */
async function importSheet(core: Core, lines: string[], commit: Record<string, unknown> = {}) {
  const file = join(tempDir(), 'clientes.csv');
  writeFileSync(file, lines.join('\r\n'));
  const opened = ok<ImportOpenedView>(
    await core.dispatch('import:open', {
      fileName: 'clientes.csv',
      data: new Uint8Array(readFileSync(file)),
    }),
  );
  ok(
    await core.dispatch('import:plan', {
      importId: opened.importId,
      mapping: opened.preview.mapping,
      acceptNineDigitFix: false,
    }),
  );
  ok(await core.dispatch('import:commit', { importId: opened.importId, ...commit }));
  return opened;
}

async function contactsByName(core: Core): Promise<Map<string, ContactView>> {
  const rows = ok<ContactsPageView>(await core.dispatch('contacts:search', { limit: 50 })).rows;
  return new Map(rows.map((r) => [r.name, r]));
}

const recordsOf = async (core: Core, contact: ContactView) =>
  ok<ConsentRecordView[]>(await core.dispatch('contacts:consentRecords', { id: contact.id }));

describe('consent with its evidence', () => {
  it('takes each row’s consent from the file’s consent columns, and keeps them out of the custom fields', async () => {
    const core = await localCore();
    try {
      const opened = await importSheet(core, [
        'nome;telefone;cidade;consent_text;consent_channel;consent_by;consent_at',
        'Ana;81987650001;Recife;Aceito receber ofertas por SMS;Balcão;Joana;05/12/2025 14:30',
        'Bia;81987650002;Olinda;;;;',
        'Caio;11987650003;Recife;Quero promoções;formulário;;2025-11-20',
        'Davi;11987650004;Recife;Sim;WhatsApp;Pedro;ontem',
      ]);
      const offered = opened.preview.mapping.custom.map((c) => c.field);
      expect(offered).toEqual(
        expect.arrayContaining(['consent_text', 'consent_channel', 'consent_by', 'consent_at']),
      );

      const people = await contactsByName(core);
      expect(people.get('Ana')!.fields).toEqual({ cidade: 'Recife' });
      expect(await recordsOf(core, people.get('Ana')!)).toEqual([
        {
          id: expect.any(Number),
          basis: 'consent',
          words: 'Aceito receber ofertas por SMS',
          channel: 'balcao',
          collectedBy: 'Joana',
          source: null,
          // 14:30 in Brasília.
          givenAt: '2025-12-05T17:30:00.000Z',
          // The import's own clock (its worker thread writes the commit's time).
          recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          withdrawnAt: null,
          withdrawnSource: null,
        },
      ]);
      // The label follows the evidence: a segment "consentimento = sim" takes them.
      expect(people.get('Ana')!.consent).toEqual({ basis: 'consent', source: null, at: '2025-12-05' });
      expect(people.get('Caio')!.consent).toEqual({ basis: 'consent', source: null, at: '2025-11-20' });
      expect((await recordsOf(core, people.get('Caio')!))[0]).toMatchObject({
        words: 'Quero promoções',
        channel: 'formulario',
        givenAt: '2025-11-20',
      });
      // A channel outside the list is "outro"; a day that cannot be read is kept as the file wrote it.
      expect((await recordsOf(core, people.get('Davi')!))[0]).toMatchObject({
        channel: 'outro',
        collectedBy: 'Pedro',
        givenAt: 'ontem',
      });
      // A row with nothing in its consent columns records nothing and has no label.
      expect(await recordsOf(core, people.get('Bia')!)).toEqual([]);
      expect(people.get('Bia')!.consent).toBeNull();
    } finally {
      await core.close();
    }
  });

  it('records the whole file’s consent on every row, with its words, channel and who collected it', async () => {
    const core = await localCore();
    try {
      await importSheet(core, ['nome;telefone', 'Ana;81987650001', 'Bia;81987650002'], {
        consent: { basis: 'consent', source: 'ficha de cadastro', at: '2026-05-01' },
        consentEvidence: {
          words: 'Autorizo a Loja da Ana a me enviar ofertas por SMS.',
          channel: 'formulario',
          collectedBy: 'Joana',
        },
      });
      const people = await contactsByName(core);
      for (const name of ['Ana', 'Bia']) {
        expect(await recordsOf(core, people.get(name)!)).toEqual([
          expect.objectContaining({
            basis: 'consent',
            words: 'Autorizo a Loja da Ana a me enviar ofertas por SMS.',
            channel: 'formulario',
            collectedBy: 'Joana',
            source: 'ficha de cadastro',
            givenAt: '2026-05-01',
          }),
        ]);
        expect(people.get(name)!.consent).toEqual({
          basis: 'consent',
          source: 'ficha de cadastro',
          at: '2026-05-01',
        });
      }
    } finally {
      await core.close();
    }
  });

  it('withdraws the consent with an opt-out, keeping the record with its time and source', async () => {
    const core = await localCore();
    try {
      await importSheet(core, [
        'nome;telefone;consent_text;consent_channel',
        'Ana;81987650001;Aceito ofertas;site',
        'Bia;81987650002;Aceito ofertas;site',
      ]);
      const people = await contactsByName(core);
      ok(await core.dispatch('contacts:optOut', { ids: [people.get('Ana')!.id] }));
      ok(await core.dispatch('optOuts:add', { phones: ['(81) 98765-0002'], note: 'pediu no balcão' }));

      const ana = await recordsOf(core, people.get('Ana')!);
      expect(ana).toEqual([
        expect.objectContaining({
          words: 'Aceito ofertas',
          channel: 'site',
          withdrawnAt: NOW.toISOString(),
          withdrawnSource: 'contact',
        }),
      ]);
      expect((await recordsOf(core, people.get('Bia')!))[0]).toMatchObject({
        words: 'Aceito ofertas',
        withdrawnSource: 'manual',
      });
      // Taken off the opt-out list, the number's consent stays withdrawn: a new consent is a new record.
      ok(await core.dispatch('optOuts:remove', { phones: ['+5581987650001'] }));
      expect((await recordsOf(core, people.get('Ana')!))[0]!.withdrawnAt).toBe(NOW.toISOString());
    } finally {
      await core.close();
    }
  });

  it('keeps a consent the owner records in the drawer as a record, each change a new one', async () => {
    const core = await localCore();
    try {
      const ana = ok<ContactView>(
        await core.dispatch('contacts:create', {
          name: 'Ana',
          phone: '81987650001',
          email: null,
          consent: { basis: 'consent', source: 'ficha da loja', at: '2026-05-02' },
        }),
      );
      ok(await core.dispatch('contacts:update', { id: ana.id, name: 'Ana Lima' }));
      ok(
        await core.dispatch('contacts:update', {
          id: ana.id,
          consent: { basis: 'legitimate_interest', source: 'cliente antiga', at: null },
        }),
      );
      expect((await recordsOf(core, ana)).map((r) => [r.basis, r.source, r.givenAt])).toEqual([
        ['legitimate_interest', 'cliente antiga', null],
        ['consent', 'ficha da loja', '2026-05-02'],
      ]);
    } finally {
      await core.close();
    }
  });
});
