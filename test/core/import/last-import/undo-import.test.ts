/**
 * Undoing the last import, on a real SQLite file: the import's own commit
 * (commitPlan, journaled as the worker runs it) and the repo's undo.
 */
import { describe, expect, it } from 'vitest';
import { commitPlan } from '@core/import/job/commit-plan';
import type { ContactRow, UpsertRow } from '@core/contacts/types';
import {
  expectIndexInStep,
  find,
  numberedRows,
  openRepo,
  row,
  type RepoFixture,
} from '../../contacts/repo-fixture';

let imports = 0;

/** One import as the worker commits it (journaled under a fresh id); returns that id. */
async function importRows(
  fx: RepoFixture,
  rows: UpsertRow[],
  opts: { onDuplicate?: 'update' | 'skip'; listName?: string; deferIndexFrom?: number } = {},
): Promise<string> {
  const importId = `import-${++imports}`;
  fx.advance(60_000);
  await commitPlan(fx.db, fx.repo, {
    profile: 'default',
    rows,
    onDuplicate: opts.onDuplicate ?? 'update',
    journal: { importId, fileName: `${importId}.csv` },
    at: fx.now(),
    ...(opts.listName ? { listName: opts.listName } : {}),
    ...(opts.deferIndexFrom ? { deferIndexFrom: opts.deferIndexFrom } : {}),
  });
  fx.advance(60_000);
  return importId;
}

/** Every live contact of the default profile, as the app shows it, by name. */
const everyone = (fx: RepoFixture): ContactRow[] =>
  fx.repo.search({ profile: 'default', offset: 0, limit: 200 }).rows;

const syncLog = (fx: RepoFixture) =>
  fx.db.prepare("SELECT entity_id, op FROM sync_changes WHERE entity = 'contact' ORDER BY seq").all() as {
    entity_id: string;
    op: string;
  }[];

/** Maria and Antônio, in the list Clientes; Maria in VIP too. */
function shop() {
  const fx = openRepo();
  const vip = fx.repo.createList('default', 'VIP');
  const clientes = fx.repo.createList('default', 'Clientes');
  const maria = fx.repo.create('default', {
    name: 'Maria da Conceição',
    phone: '11987654322',
    email: 'maria@exemplo.com.br',
    fields: { cidade: 'Recife' },
    listIds: [vip.id, clientes.id],
  });
  const antonio = fx.repo.create('default', {
    name: 'Antônio Araújo',
    phone: '11987654323',
    listIds: [clientes.id],
  });
  return { fx, vip, clientes, maria, antonio };
}

/** The second spreadsheet of the issue: it would rename both, and brings one new customer. */
const renaming = [
  row('Tom & Jerry <Ltda>', '+5511987654322', { fields: { cidade: 'Olinda', plano: 'ouro' } }),
  row('Antônio', '+5511987654323', { email: 'antonio@novo.com.br' }),
  row('Cliente Novo', '+5521998765432'),
];

describe('undoing the last import', () => {
  it('puts back what it changed, removes what it added, and leaves everything else as it was', async () => {
    const { fx, vip, clientes, maria } = shop();
    const before = everyone(fx);
    const importId = await importRows(fx, renaming, { listName: 'Loja' });
    expect(find(fx.repo, '')).toEqual(['Antônio', 'Cliente Novo', 'Tom & Jerry <Ltda>']);

    const last = fx.repo.lastImport('default')!;
    expect(last).toMatchObject({
      importId,
      fileName: `${importId}.csv`,
      imported: 1,
      updated: 2,
      joined: 2,
      list: { name: 'Loja' },
      blocked: null,
    });
    const logged = syncLog(fx).length;

    expect(fx.repo.undoImport('default', importId)).toEqual({
      removed: 1,
      restored: 2,
      left: 2,
      listDeleted: true,
    });
    // Exactly as before: names, e-mails, fields, lists, even when each was last changed.
    expect(everyone(fx)).toEqual(before);
    expect(fx.repo.lists('default').map((l) => [l.id, l.count])).toEqual([
      [clientes.id, 2],
      [vip.id, 1],
    ]);
    expect(find(fx.repo, 'tom')).toEqual([]);
    expect(find(fx.repo, 'maria')).toEqual(['Maria da Conceição']);
    expectIndexInStep(fx.db);
    // The service learns of it at the next sync: the new contact deleted, the two changed back.
    const undoLog = syncLog(fx).slice(logged);
    expect(undoLog).toContainEqual({ entity_id: maria.id, op: 'upsert' });
    expect(undoLog.filter((e) => e.op === 'delete')).toHaveLength(1);
    // Done: nothing is offered any more.
    expect(fx.repo.lastImport('default')).toBeNull();
  });

  it('keeps a list that was there before, and its members from before', async () => {
    const { fx, clientes, vip } = shop();
    const importId = await importRows(fx, renaming, { onDuplicate: 'skip', listName: 'vip' });
    expect(fx.repo.lastImport('default')).toMatchObject({ imported: 1, updated: 0, joined: 1 });
    expect(find(fx.repo, '', { listId: vip.id })).toEqual([
      'Antônio Araújo',
      'Cliente Novo',
      'Maria da Conceição',
    ]);

    expect(fx.repo.undoImport('default', importId)).toEqual({
      removed: 1,
      restored: 0,
      left: 1,
      listDeleted: false,
    });
    expect(find(fx.repo, '', { listId: vip.id })).toEqual(['Maria da Conceição']);
    expect(find(fx.repo, '', { listId: clientes.id })).toEqual(['Antônio Araújo', 'Maria da Conceição']);
    expectIndexInStep(fx.db);
  });

  it.each([
    [
      'a new contact edited',
      (fx: RepoFixture, novo: ContactRow) => fx.repo.update('default', novo.id, { name: 'Cliente Antigo' }),
      'Cliente Antigo',
    ],
    [
      'a contact it renamed, renamed again',
      (fx: RepoFixture, _novo: ContactRow, maria: ContactRow) =>
        fx.repo.update('default', maria.id, { name: 'Maria C.' }),
      'Maria C.',
    ],
    [
      'a new contact deleted',
      (fx: RepoFixture, novo: ContactRow) => fx.repo.delete('default', [novo.id]),
      'Cliente Novo',
    ],
    [
      'a new contact put in a list',
      (fx: RepoFixture, novo: ContactRow) =>
        fx.repo.addToList('default', fx.repo.findListByName('default', 'VIP')!.id, [novo.id]),
      'Cliente Novo',
    ],
    [
      'a contact it renamed, deleted',
      (fx: RepoFixture, _novo: ContactRow, maria: ContactRow) => fx.repo.delete('default', [maria.id]),
      'Tom & Jerry <Ltda>',
    ],
  ])('is no longer offered once %s, and says which', async (_what, touch, name) => {
    const { fx, maria } = shop();
    const importId = await importRows(fx, renaming);
    const novo = fx.repo.search({ profile: 'default', query: 'cliente novo', offset: 0, limit: 1 }).rows[0]!;
    touch(fx, novo, maria);
    const after = everyone(fx);

    expect(fx.repo.lastImport('default')?.blocked).toEqual({ changed: 1, names: [name] });
    expect(() => fx.repo.undoImport('default', importId)).toThrow(
      expect.objectContaining({
        code: 'import_undo_blocked',
        details: { params: { changed: 1, names: name } },
      }),
    );
    expect(everyone(fx)).toEqual(after);
  });

  it('counts a new contact deleted for good (after its undo window) among the changes', async () => {
    const { fx } = shop();
    await importRows(fx, [...renaming, row('Outro Novo', '+5521998765433')]);
    const novo = fx.repo.search({ profile: 'default', query: 'outro', offset: 0, limit: 1 }).rows[0]!;
    fx.repo.delete('default', [novo.id]);
    fx.advance(60_000);
    expect(fx.repo.purgeExpired()).toBe(1);
    expect(fx.repo.lastImport('default')?.blocked).toEqual({ changed: 1, names: [] });
  });

  it('is not held back by what undoing would not lose: an opt-out, another contact edited', async () => {
    const { fx, antonio } = shop();
    const importId = await importRows(fx, renaming.slice(0, 1).concat(renaming.slice(2)));
    fx.repo.optOut('default', { phones: ['+5521998765432'] }, 'manual');
    fx.repo.update('default', antonio.id, { name: 'Antônio A.' });
    expect(fx.repo.lastImport('default')?.blocked).toBeNull();

    fx.repo.undoImport('default', importId);
    expect(find(fx.repo, '')).toEqual(['Antônio A.', 'Maria da Conceição']);
    // The opt-out is about the number: it stays.
    expect(fx.repo.isOptedOut('default', '+5521998765432')).toBe(true);
    expectIndexInStep(fx.db);
  });

  it('is only for the last import that changed something', async () => {
    const { fx } = shop();
    const first = await importRows(fx, renaming);
    const second = await importRows(fx, [row('Maria de Novo', '+5511987654322')]);
    expect(fx.repo.lastImport('default')?.importId).toBe(second);
    expect(() => fx.repo.undoImport('default', first)).toThrow(
      expect.objectContaining({ code: 'import_undo_gone' }),
    );
    // One that changes nothing (the same rows again, kept as they are) leaves the last one undoable.
    await importRows(fx, [row('Maria de Novo', '+5511987654322')], { onDuplicate: 'skip' });
    expect(fx.repo.lastImport('default')?.importId).toBe(second);

    fx.repo.undoImport('default', second);
    expect(find(fx.repo, 'tom')).toEqual(['Tom & Jerry <Ltda>']);
    expect(fx.repo.lastImport('default')).toBeNull();
  });

  it('survives a failed import (it rolls back with it), and can be kept instead', async () => {
    const { fx } = shop();
    const importId = await importRows(fx, renaming);
    await expect(
      importRows(fx, [row('Ruim', '11 not e164'), row('Maria 3', '+5511987654322')]),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect(fx.repo.lastImport('default')?.importId).toBe(importId);

    expect(fx.repo.keepLastImport('default', 'another')).toBe(false);
    expect(fx.repo.keepLastImport('default', importId)).toBe(true);
    expect(fx.repo.lastImport('default')).toBeNull();
    expect(find(fx.repo, 'tom')).toEqual(['Tom & Jerry <Ltda>']);
  });

  it('undoes a large import whose contacts the search index has not taken in yet', async () => {
    const fx = openRepo();
    const importId = await importRows(fx, numberedRows('Lote', 300), { deferIndexFrom: 100 });
    expect(fx.repo.searchBehind()).toBe(true);
    expect(fx.repo.undoImport('default', importId).removed).toBe(300);
    fx.repo.indexBacklog();
    expect(fx.repo.search({ profile: 'default', offset: 0, limit: 1 }).total).toBe(0);
    expectIndexInStep(fx.db);
  });

  it('is per profile, and forgotten with the profile’s data', async () => {
    const { fx } = shop();
    await importRows(fx, renaming);
    expect(fx.repo.lastImport('demo')).toBeNull();
    fx.repo.clearProfile('default');
    expect(fx.repo.lastImport('default')).toBeNull();
    expect(fx.db.prepare('SELECT count(*) FROM import_journal_contacts').pluck().get()).toBe(0);
  });
});
