/**
 * Several block lists at once (issue 35 item 5): Procon-SP's, Procon-AL's,
 * Procon-Carioca's and the owner's own lists by name, each imported from its
 * own file through the import's reading. The composer counts "bloqueados"
 * per list (each number under the first list that has it, the registers
 * first), a test send names the list, and removing one list frees only its
 * numbers. Real core on a real data folder, through the contract.
 */
import { describe, expect, it } from 'vitest';
import type { InputOf } from '@shared/ipc-contract';
import { startComposer, type ComposerUnderTest } from '../campaigns/composer/composer-harness';

const PEOPLE = [
  ['Ana (livre)', '+5511988880001'],
  ['Bia (Procon-SP)', '+5511988880002'],
  ['Caio (Procon-AL e Fornecedores)', '+5582988880003'],
  ['Duda (Procon-Carioca)', '+5521988880004'],
  ['Edu (Fornecedores)', '+5511988880005'],
  ['Fabi (Ex-clientes)', '+5511988880006'],
] as const;

async function block(c: ComposerUnderTest, numbers: string[], list: InputOf<'import:block'>['list']) {
  const file = new TextEncoder().encode(['TELEFONE', ...numbers].join('\n'));
  const opened = await c.call('import:open', { fileName: 'lista.csv', data: file, purpose: 'numbers' });
  await c.call('import:plan', {
    importId: opened.importId,
    mapping: { ...opened.preview.mapping, custom: [] },
    defaultCountry: 'BR',
    acceptNineDigitFix: true,
    locale: 'en',
  });
  return c.call('import:block', { importId: opened.importId, list });
}

describe('block lists by name', () => {
  it('counts the blocked per list in the composer, names the list on a test send, and removes one list alone', async () => {
    const c = await startComposer({});
    const clients = await c.call('lists:create', { name: 'Clientes' });
    for (const [name, phone] of PEOPLE) {
      await c.call('contacts:create', { name, phone, email: null, listIds: [clients.id] });
    }
    await block(c, ['11988880002'], { kind: 'procon-sp' });
    await block(c, ['82988880003'], { kind: 'procon-al' });
    await block(c, ['21988880004'], { kind: 'procon-carioca' });
    const suppliers = await block(c, ['82988880003', '11988880005'], { kind: 'owner', name: 'Fornecedores' });
    const former = await block(c, ['11988880006'], { kind: 'owner', name: 'Ex-clientes' });
    // The same name (case aside) is the same list: a second file joins it, it does not make another.
    const again = await block(c, ['11988880005'], { kind: 'owner', name: 'fornecedores' }).catch(
      (e: Error) => e.message,
    );
    expect(again).toContain('block_list_not_empty');

    const lists = await c.call('rules:blockLists', {});
    // The registers first, in their order; then the owner's lists.
    expect(lists.map((l) => [l.kind, l.name, l.numbers])).toEqual([
      ['procon-sp', null, 1],
      ['procon-al', null, 1],
      ['procon-carioca', null, 1],
      ...lists.slice(3).map((l) => ['owner', l.name, l.name === 'Fornecedores' ? 2 : 1]),
    ]);
    expect(
      lists
        .slice(3)
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Ex-clientes', 'Fornecedores']);

    const draft = await c.call('campaigns:create', { name: 'Natal' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{primeiro_nome}}!',
      audience: { listIds: [clients.id], contactIds: [] },
      options: { scheduleAt: null },
    });
    const audience = await c.call('campaigns:audience', { id: draft.id });
    expect(audience.recipients).toBe(1);
    const perList = Object.fromEntries(audience.blocked.map((b) => [b.list.name ?? b.list.kind, b.count]));
    // Caio is on Procon-AL's and on "Fornecedores": counted once, under the register.
    expect(perList).toEqual({
      'procon-sp': 1,
      'procon-al': 1,
      'procon-carioca': 1,
      Fornecedores: 1,
      'Ex-clientes': 1,
    });
    expect(audience.blocked.slice(0, 3).map((b) => b.list.kind)).toEqual([
      'procon-sp',
      'procon-al',
      'procon-carioca',
    ]);

    const refused = await c.fail('campaigns:testSend', { id: draft.id, phone: '11988880005' });
    expect(refused).toMatchObject({
      code: 'number_blocked',
      message: expect.stringContaining('your block list "Fornecedores"'),
      details: { params: { source: 'owner', list: 'Fornecedores' } },
    });
    const alagoas = await c.fail('campaigns:testSend', { id: draft.id, phone: '82988880003' });
    expect(alagoas).toMatchObject({ details: { params: { source: 'procon-al' } } });

    // "Fornecedores" removed: Edu may be messaged again; Caio stays blocked by Procon-AL's list.
    expect(await c.call('rules:removeBlockList', { list: suppliers.list.id })).toEqual({ removed: 2 });
    const after = await c.call('campaigns:audience', { id: draft.id });
    expect(after.recipients).toBe(2);
    expect(after.blocked.map((b) => b.list.name ?? b.list.kind)).toEqual([
      'procon-sp',
      'procon-al',
      'procon-carioca',
      'Ex-clientes',
    ]);
    expect(former.list).toMatchObject({ kind: 'owner', name: 'Ex-clientes' });
  });
});
