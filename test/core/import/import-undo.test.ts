/**
 * The last import and its undo through the channels, as the wizard's result
 * step and the Contacts page use them: the real core, the undo in a real
 * worker thread, a real torpedo.db.
 */
import { describe, expect, it } from 'vitest';
import type { ContactsPageView } from '@shared/dto';
import type { ImportUndoResultView, LastImportView } from '@shared/dto/last-import';
import { errorOf, fixture, startImportCore, value } from './harness';

const FIRST = 'contatos-cp1252.csv';
const SECOND = 'contatos-renomeados.csv';

async function twoImports() {
  const ic = await startImportCore();
  await ic.importFile(fixture(FIRST), FIRST);
  const before = await ic.search('');
  const { opened } = await ic.importFile(fixture(SECOND), SECOND, {
    onDuplicate: 'update',
    listName: 'Loja',
  });
  return { ic, before, importId: opened.importId };
}

describe('the last import, through the channels', () => {
  it('is offered for undo, and undoing it brings the customers back as they were', async () => {
    const { ic, before, importId } = await twoImports();
    expect((await ic.search('')).map((c) => c.name)).toEqual([
      'Antônio',
      'Cliente Novo',
      'João da Silva',
      'José Antunes',
      'Tom & Jerry <Ltda>',
    ]);

    const last = value<LastImportView>(await ic.core.dispatch('import:last', {}));
    expect(last).toMatchObject({
      importId,
      fileName: SECOND,
      imported: 1,
      updated: 2,
      joined: 3,
      list: { name: 'Loja' },
      blocked: null,
    });

    // The import is still open (its result step shows it): the undo runs all the same.
    expect(value<ImportUndoResultView>(await ic.core.dispatch('import:undo', { importId }))).toEqual({
      removed: 1,
      restored: 2,
      left: 3,
      listDeleted: true,
    });
    expect(await ic.search('')).toEqual(before);
    expect(ic.listNames()).toEqual([]);
    expect(value(await ic.core.dispatch('import:last', {}))).toBeNull();
    expect(errorOf(await ic.core.dispatch('import:undo', { importId })).code).toBe('import_undo_gone');
  });

  it('says why it is no longer offered once a contact of it was edited, and then changes nothing', async () => {
    const { ic, importId } = await twoImports();
    const page = value<ContactsPageView>(
      await ic.core.dispatch('contacts:search', { query: 'tom', offset: 0, limit: 1 }),
    );
    await ic.core.dispatch('contacts:update', { id: page.rows[0]!.id, name: 'Maria (loja)' });

    expect(value<LastImportView>(await ic.core.dispatch('import:last', {})).blocked).toEqual({
      changed: 1,
      names: ['Maria (loja)'],
    });
    const refused = errorOf(await ic.core.dispatch('import:undo', { importId }));
    expect(refused).toMatchObject({
      code: 'import_undo_blocked',
      details: { params: { changed: 1, names: 'Maria (loja)' } },
    });
    expect((await ic.search('antonio')).map((c) => c.name)).toEqual(['Antônio']);
  });

  it('can be kept instead: it is no longer offered', async () => {
    const { ic, importId } = await twoImports();
    expect(value(await ic.core.dispatch('import:keepLast', { importId }))).toEqual({ kept: true });
    expect(value(await ic.core.dispatch('import:last', {}))).toBeNull();
    expect(value(await ic.core.dispatch('import:keepLast', { importId }))).toEqual({ kept: false });
    expect(errorOf(await ic.core.dispatch('import:undo', { importId })).code).toBe('import_undo_gone');
  });

  it('refuses an id that is not an import id before anything runs', async () => {
    const ic = await startImportCore();
    expect(errorOf(await ic.core.dispatch('import:undo', { importId: 'x' })).code).toBe('invalid_input');
  });
});
