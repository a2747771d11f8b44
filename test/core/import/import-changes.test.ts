/**
 * What the review says an import would change in existing contacts
 * (issue 12: a second spreadsheet renamed customers unseen), through the
 * channels on the real core: real files, the real worker, a real torpedo.db.
 */
import { describe, expect, it } from 'vitest';
import type { ImportOpenedView, ImportPlanView, ImportResultView } from '@shared/dto';
import type { ImportChangesPageView } from '@shared/dto/last-import';
import { errorOf, fixture, startImportCore, value, type ImportCore } from './harness';

const FIRST = 'contatos-cp1252.csv';
const SECOND = 'contatos-renomeados.csv';

/** Opens and plans a file with the offered mapping; returns its id and plan. */
async function planned(ic: ImportCore, name: string, bytes = fixture(name)) {
  const { importId, preview } = value<ImportOpenedView>(
    await ic.core.dispatch('import:open', { fileName: name, data: bytes }),
  );
  const plan = value<ImportPlanView>(
    await ic.core.dispatch('import:plan', {
      importId,
      mapping: preview.mapping,
      acceptNineDigitFix: false,
      locale: 'pt-BR',
    }),
  );
  return { importId, plan };
}

const names = async (ic: ImportCore) => (await ic.search('')).map((c) => c.name);

describe('the review of an import over existing contacts', () => {
  it('lists what an update would change, field by field, before → after', async () => {
    const ic = await startImportCore();
    await ic.importFile(fixture(FIRST), FIRST);
    const { plan } = await planned(ic, SECOND);

    expect(plan.counts).toMatchObject({ valid: 4, existing: 3, changed: 2 });
    expect(plan.changes).toEqual({
      total: 2,
      items: [
        {
          line: 2,
          phone: '+5511987654322',
          name: 'Maria da Conceição',
          changes: [
            { field: 'name', kind: 'name', before: 'Maria da Conceição', after: 'Tom & Jerry <Ltda>' },
          ],
        },
        {
          line: 3,
          phone: '+5511987654323',
          name: 'Antônio Araújo',
          changes: [
            { field: 'name', kind: 'name', before: 'Antônio Araújo', after: 'Antônio' },
            { field: 'email', kind: 'email', before: 'antonio@exemplo.com.br', after: 'antonio@novo.com.br' },
          ],
        },
      ],
    });
  });

  it('keeps existing contacts as they are unless the user chooses to update them', async () => {
    const ic = await startImportCore();
    await ic.importFile(fixture(FIRST), FIRST);
    const before = await ic.search('');
    const { importId } = await planned(ic, SECOND);

    // No choice given: the default.
    const result = value<ImportResultView>(await ic.core.dispatch('import:commit', { importId }));
    expect(result).toMatchObject({ imported: 1, updated: 0, duplicates: 3 });
    const after = await ic.search('');
    expect(after.filter((c) => c.name !== 'Cliente Novo')).toEqual(before);
  });

  it('changes exactly what it listed when the user chooses to update', async () => {
    const ic = await startImportCore();
    await ic.importFile(fixture(FIRST), FIRST);
    const { importId, plan } = await planned(ic, SECOND);

    const result = value<ImportResultView>(
      await ic.core.dispatch('import:commit', { importId, onDuplicate: 'update' }),
    );
    // Only the contacts that changed count as updated: João already held the file's values.
    expect(result).toMatchObject({ imported: 1, updated: plan.counts.changed, duplicates: 1 });
    const byPhone = new Map((await ic.search('')).map((c) => [c.phone, c]));
    for (const change of plan.changes.items) {
      for (const field of change.changes) {
        expect(byPhone.get(change.phone)?.[field.field as 'name' | 'email']).toBe(field.after);
      }
    }
    expect(await names(ic)).toContain('Tom & Jerry <Ltda>');
  });

  it('gives all of them on demand, a page at a time, in the order of the file', async () => {
    const ic = await startImportCore();
    const rows = (label: string) =>
      [
        'Nome;Celular',
        ...Array.from({ length: 120 }, (_, i) => `${label} ${i};11 98765-${String(i).padStart(4, '0')}`),
      ].join('\n');
    await ic.importFile(Buffer.from(rows('Cliente')).toString('base64'), 'clientes.csv');
    const { importId, plan } = await planned(
      ic,
      'renomeados.csv',
      new Uint8Array(Buffer.from(rows('Renomeado'))),
    );
    expect(plan.changes.total).toBe(120);
    expect(plan.changes.items).toHaveLength(50);

    const page = value<ImportChangesPageView>(
      await ic.core.dispatch('import:changes', { importId, offset: 50, limit: 100 }),
    );
    expect(page.total).toBe(120);
    expect(page.offset).toBe(50);
    expect(page.items.map((c) => c.line)).toEqual(Array.from({ length: 70 }, (_, i) => 52 + i));
    expect(page.items[0]!.changes).toEqual([
      { field: 'name', kind: 'name', before: 'Cliente 50', after: 'Renomeado 50' },
    ]);

    // Once saved, the import has no plan to page through.
    await ic.core.dispatch('import:commit', { importId });
    expect(errorOf(await ic.core.dispatch('import:changes', { importId })).code).toBe('import_finished');
  });
});
