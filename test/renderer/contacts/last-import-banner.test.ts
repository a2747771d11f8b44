import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import ContactsView from '@renderer/views/contacts/ContactsView.vue';
import { useContactsStore } from '@renderer/stores/contacts/use-contacts-store';
import type { LastImportView } from '@shared/dto/last-import';
import { contactsPage, fail, installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const IMPORT_ID = '6f1c3a52-8d5e-4a53-9a0e-0d8f7f0c2b11';

const last = (over: Partial<LastImportView> = {}): LastImportView => ({
  importId: IMPORT_ID,
  fileName: 'contatos-renomeados.csv',
  at: '2025-05-12T17:03:00.000Z',
  imported: 1,
  updated: 2,
  joined: 3,
  list: { id: 'l1', name: 'Loja' },
  blocked: null,
  ...over,
});

const words = (testId: string) => squash(byTestId(testId).textContent);

describe('the last import on the Contacts page (with a fake bridge)', () => {
  it('says what it did, and undoes it once the user confirms what the undo will do', async () => {
    let current: LastImportView | null = last();
    const bridge = installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, 6)))
      .handle('import:last', () => ok(current))
      .handle('import:undo', () => {
        current = null;
        return ok({ removed: 1, restored: 2, left: 3, listDeleted: true });
      });
    await mountInApp(ContactsView);

    expect(words('last-import')).toContain('Última importação: “contatos-renomeados.csv”, 12/05/2025');
    expect(words('last-import')).toContain(
      '1 contato novo, 2 contatos alterados, 3 contatos postos na lista Loja.',
    );
    expect(queryTestId('last-import-blocked')).toBeNull();

    await click(byTestId('last-import-undo'));
    expect(
      [...byTestId('import-undo-consequences').querySelectorAll('li')].map((li) => squash(li.textContent)),
    ).toEqual([
      '1 contato novo será excluído.',
      '2 contatos alterados voltam a ser como eram.',
      '3 contatos saem da lista Loja.',
      'O resto dos seus contatos não muda.',
    ]);
    expect(bridge.inputsOf('import:undo')).toEqual([]);
    const searches = bridge.inputsOf('contacts:search').length;

    await click(byTestId('import-undo-confirm'));
    expect(bridge.inputsOf('import:undo')).toEqual([{ importId: IMPORT_ID }]);
    expect(squash(byTestId('last-import-undone').querySelector('p')!.textContent)).toBe(
      'Importação desfeita. 1 contato novo excluído. 2 contatos voltaram a ser como eram. ' +
        '3 contatos saíram da lista. A lista Loja, que ficou vazia, foi excluída.',
    );
    expect(queryTestId('last-import')).toBeNull();
    // The contacts as they are now.
    expect(bridge.inputsOf('contacts:search').length).toBeGreaterThan(searches);
    await click(byTestId('last-import-undone-close'));
    expect(queryTestId('last-import-undone')).toBeNull();
  });

  it('says plainly why it can no longer be undone, and lets the user set it aside', async () => {
    const bridge = installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, 6)))
      .reply('import:last', last({ blocked: { changed: 2, names: ['Maria (loja)', 'Antônio'] } }))
      .reply('import:keepLast', { kept: true });
    await mountInApp(ContactsView);

    expect(words('last-import-blocked')).toBe(
      'Ela não pode mais ser desfeita: 2 contatos dela foram alterados, excluídos ou postos numa lista ' +
        'depois (Maria (loja) e Antônio), e desfazer apagaria essas mudanças.',
    );
    expect(queryTestId('last-import-undo')).toBeNull();
    expect(words('last-import-keep')).toBe('Entendi');
    await click(byTestId('last-import-keep'));
    expect(bridge.inputsOf('import:keepLast')).toEqual([{ importId: IMPORT_ID }]);
    expect(queryTestId('last-import')).toBeNull();
  });

  it('asks the core again after an edit here, and explains an undo refused meanwhile', async () => {
    let current = last();
    const bridge = installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, 6)))
      .handle('import:last', () => ok(current))
      .reply('contacts:addToList', { added: 1 })
      .handle('import:undo', () => {
        current = last({ blocked: { changed: 1, names: ['Maria (loja)'] } });
        return fail('import_undo_blocked', 'changed since', {
          params: { changed: 1, names: 'Maria (loja)' },
        });
      });
    await mountInApp(ContactsView);
    const asked = bridge.inputsOf('import:last').length;

    await useContactsStore().addToList('l1', ['contact-1']);
    await flushPromises();
    expect(bridge.inputsOf('import:last').length).toBe(asked + 1);

    await click(byTestId('last-import-undo'));
    await click(byTestId('import-undo-confirm'));
    expect(document.body.textContent).toContain(
      'Esta importação não pode mais ser desfeita: contatos dela foram alterados depois (Maria (loja))',
    );
    expect(words('last-import-blocked')).toContain('1 contato dela foi alterado');
  });
});
