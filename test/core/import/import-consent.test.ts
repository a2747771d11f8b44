/**
 * One legal basis for a whole import (LGPD): "Todos deram consentimento",
 * where ("planilha clientes.csv") and when, given at import:commit, through
 * the real core (the import's worker thread, a real SQLite file). It is
 * recorded on the file's contacts that have none on record; a basis the
 * owner recorded stays; a day that does not exist is refused before
 * anything is written.
 */
import { describe, expect, it } from 'vitest';
import type { ContactsPageView, ContactView, ImportOpenedView } from '@shared/dto';
import type { SegmentCountView } from '@shared/dto/segments';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { failed, NOW, ok, SHOP_CSV } from '../segments/segment-fixture';

describe('consent for a whole import', () => {
  it('records the basis on the file’s contacts with none, keeps a recorded one, and a segment that requires consent takes them', async () => {
    const core = await createCore({
      dataDir: tempDir(),
      host: createRecordingHost(),
      secretStore: createMemorySecretStore(),
      localOnly: true,
      now: () => NOW,
    });
    try {
      // Bia is already a contact, messaged on legitimate interest: the owner's record stays.
      ok(
        await core.dispatch('contacts:create', {
          name: 'Bia',
          phone: '81987650002',
          email: null,
          consent: { basis: 'legitimate_interest', source: 'cliente antiga', at: '2025-01-10' },
        }),
      );
      const opened = ok<ImportOpenedView>(
        await core.dispatch('import:open', {
          fileName: 'clientes.csv',
          data: new TextEncoder().encode(SHOP_CSV),
        }),
      );
      ok(
        await core.dispatch('import:plan', {
          importId: opened.importId,
          mapping: opened.preview.mapping,
          acceptNineDigitFix: false,
        }),
      );
      const consent = { basis: 'consent', source: 'planilha clientes.csv', at: '2026-05-10' } as const;
      // 31/02 is no day: refused, nothing written, the import still open.
      expect(
        failed(
          await core.dispatch('import:commit', {
            importId: opened.importId,
            consent: { ...consent, at: '2026-02-31' },
          }),
        ).code,
      ).toBe('invalid_input');
      ok(await core.dispatch('import:commit', { importId: opened.importId, onDuplicate: 'update', consent }));

      const rows = ok<ContactsPageView>(await core.dispatch('contacts:search', { limit: 10 })).rows;
      const of = (name: string) => rows.find((r: ContactView) => r.name === name)!.consent;
      for (const name of ['Ana', 'Caio', 'Davi', 'Fábio']) expect([name, of(name)]).toEqual([name, consent]);
      expect(of('Bia')).toEqual({ basis: 'legitimate_interest', source: 'cliente antiga', at: '2025-01-10' });
      // Eva's row went to the error file: no contact, no consent.
      expect(rows.some((r) => r.name === 'Eva')).toBe(false);

      const definition = ok<SegmentDefinition>(
        await core.dispatch('segments:read', { where: ['consentimento = sim'] }),
      );
      expect(ok<SegmentCountView>(await core.dispatch('segments:count', definition)).contacts).toBe(4);
    } finally {
      await core.close();
    }
  });
});
