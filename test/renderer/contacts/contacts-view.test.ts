import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContactDrawer from '@renderer/views/contacts/ContactDrawer.vue';
import ContactsView from '@renderer/views/contacts/ContactsView.vue';
import UndoSnackbar from '@renderer/views/contacts/UndoSnackbar.vue';
import { useContactsStore } from '@renderer/stores/contacts/use-contacts-store';
import { h, ref } from 'vue';
import { contactsPage, fail, installFakeBridge, ok, sampleContact, sampleList } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
afterEach(() => vi.useRealTimers());

async function type(testId: string, text: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

const drawerShown = ref(false);

/** The drawer open on `contact` (null: a new contact), as the contacts page opens it. */
async function mountDrawer(contact: ReturnType<typeof sampleContact> | null) {
  drawerShown.value = false;
  const mounted = await mountInApp(() =>
    h(ContactDrawer, {
      show: drawerShown.value,
      contact,
      'onUpdate:show': (v: boolean) => (drawerShown.value = v),
    }),
  );
  drawerShown.value = true;
  await flushPromises();
  return mounted;
}

describe('ContactDrawer (with a fake bridge)', () => {
  it("shows the core's field error under the phone, in Portuguese, and keeps the drawer open", async () => {
    const maria = sampleContact(1, { name: 'Maria', phone: '+5511987650001', lists: [] });
    const bridge = installFakeBridge()
      .reply('lists:list', [sampleList('l1', 'Clientes VIP', 3)])
      .reply('contacts:get', maria)
      .handle('contacts:update', (input) =>
        input.phone === '1234'
          ? fail('invalid_input', 'Some fields are not valid.', {
              fields: [{ field: 'phone', message: 'This number is too short (missing the area code?)' }],
              reason: 'phone_too_short',
            })
          : ok({ ...maria, phone: '+5511987654321' }),
      )
      .handle('contacts:search', (input) => ok(contactsPage(input, 1)));
    await mountDrawer(maria);

    expect(byTestId('contact-drawer')).toBeTruthy();
    expect((byTestId('contact-phone').querySelector('input') as HTMLInputElement).value).toBe(
      '(11) 98765-0001',
    );

    await type('contact-phone', '1234');
    await click(byTestId('contact-save'));
    expect(bridge.inputsOf('contacts:update')).toEqual([
      { id: 'contact-1', name: 'Maria', phone: '1234', email: null, birthday: null, fields: {} },
    ]);
    expect(squash(byTestId('contact-phone-error').textContent)).toBe('Número curto demais. Faltou o DDD?');
    expect(queryTestId('contact-drawer')).not.toBeNull();

    // Typing again clears the core's complaint; a good number saves and closes.
    await type('contact-phone', '(11) 98765-4321');
    expect(queryTestId('contact-phone-error')).toBeNull();
    await click(byTestId('contact-save'));
    expect(bridge.inputsOf('contacts:update')).toHaveLength(2);
    expect(document.body.textContent).toContain('Contato salvo.');
  });

  it('names the contact who already has the number, and offers the 9-digit form of an old mobile', async () => {
    const bridge = installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:create', (input) => {
        // What the core sends: the English message, the reason, and the values a sentence needs.
        if (input.phone === '(20) 98765-4321') {
          return fail('invalid_input', 'Some fields are not valid.', {
            fields: [{ field: 'phone', message: 'This area code (DDD) does not exist in Brazil' }],
            reason: 'phone_unknown_area_code',
            params: { ddd: '20' },
          });
        }
        if (input.phone === '11 8765 4321') {
          return fail('invalid_input', 'Some fields are not valid.', {
            fields: [{ field: 'phone', message: 'Old mobile number without the leading 9.' }],
            reason: 'phone_old_mobile',
            params: { suggested: '+5511987654321' },
          });
        }
        const nameless = input.phone === '(21) 99876-5432';
        return fail('invalid_input', 'Some fields are not valid.', {
          fields: [{ field: 'phone', message: 'This number already belongs to someone' }],
          reason: 'duplicate_phone',
          params: nameless
            ? { name: '', phone: '+5521998765432', contactId: 'c-2' }
            : { name: 'João da Silva', phone: '+5511987654321', contactId: 'c-1' },
        });
      });
    await mountDrawer(null);

    // Nothing typed: said before asking the core.
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-phone-error').textContent)).toBe('Digite o telefone, com DDD.');
    expect(bridge.inputsOf('contacts:create')).toHaveLength(0);

    await type('contact-name', 'Joana');
    await type('contact-phone', '(11) 98765-4321');
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-phone-error').textContent)).toBe(
      'Este número já é do contato João da Silva.',
    );

    // The other contact has no name: it is named by its number.
    await type('contact-phone', '(21) 99876-5432');
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-phone-error').textContent)).toBe(
      'Este número já é do contato (21) 99876-5432.',
    );

    await type('contact-phone', '11 8765 4321');
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-phone-error').textContent)).toBe(
      'Celular no formato antigo, sem o 9 na frente. Você quis dizer (11) 98765-4321?',
    );

    await type('contact-phone', '(20) 98765-4321');
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-phone-error').textContent)).toBe(
      'O DDD 20 não existe no Brasil. Confira o DDD.',
    );
  });
});

/** The contacts page with the undo strip its layout shows below it. */
const ContactsPage = () => h('div', [h(ContactsView), h(UndoSnackbar)]);

describe('ContactsView: bulk delete and undo (with a fake bridge)', () => {
  it('deletes the selected contacts at once, offers Desfazer until the deadline, and brings them back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let total = 3;
    const bridge = installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, total)))
      .handle('contacts:delete', (input) => {
        const count = 'ids' in input ? input.ids.length : 0;
        total -= count;
        return ok({
          undoToken: 'undo-1',
          count,
          expiresAt: new Date(Date.now() + 10_000).toISOString(),
        });
      })
      .handle('contacts:undoDelete', () => {
        total = 3;
        return ok({ restored: 2 });
      });
    await mountInApp(ContactsPage);
    const store = useContactsStore();
    expect(squash(byTestId('contacts-count').textContent)).toBe('3 contatos');

    store.toggle('contact-0', true);
    store.toggle('contact-2', true);
    await flushPromises();
    expect(squash(byTestId('contacts-bulk').textContent)).toContain('2 selecionados');

    await click(byTestId('bulk-delete'));
    expect(bridge.inputsOf('contacts:delete')).toEqual([{ ids: ['contact-0', 'contact-2'] }]);
    expect(squash(byTestId('undo-snackbar').textContent)).toContain('2 contatos excluídos.');
    expect(squash(byTestId('undo-snackbar').textContent)).toContain('10 s para desfazer');
    expect(squash(byTestId('contacts-count').textContent)).toBe('1 contato');

    await click(byTestId('undo-delete'));
    expect(bridge.inputsOf('contacts:undoDelete')).toEqual([{ undoToken: 'undo-1' }]);
    expect(queryTestId('undo-snackbar')).toBeNull();
    expect(document.body.textContent).toContain('Contatos restaurados.');
    expect(squash(byTestId('contacts-count').textContent)).toBe('3 contatos');
  });

  it('hides Desfazer when the undo window ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, 2)))
      .handle('contacts:delete', () =>
        ok({ undoToken: 'undo-1', count: 1, expiresAt: new Date(Date.now() + 3_000).toISOString() }),
      );
    await mountInApp(ContactsPage);
    useContactsStore().toggle('contact-1', true);
    await flushPromises();
    await click(byTestId('bulk-delete'));
    expect(queryTestId('undo-delete')).not.toBeNull();

    await vi.advanceTimersByTimeAsync(3_500);
    expect(queryTestId('undo-delete')).toBeNull();
    expect(useContactsStore().undo).toBeNull();
  });

  it('says a landline cannot receive messages, where the others say they do', async () => {
    const page = contactsPage({ offset: 0, limit: 50 }, 2);
    page.rows[1] = { ...page.rows[1]!, phone: '+551133334444', landline: true };
    installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', () => ok(page));
    await mountInApp(ContactsPage);
    expect(squash(byTestId('contact-receives').textContent)).toBe('Recebe mensagens');
    expect(queryTestId('contact-receives')).not.toBeNull();
    expect(document.querySelectorAll('[data-testid="contact-receives"]')).toHaveLength(1);
    expect(squash(byTestId('contact-landline').textContent)).toBe('Telefone fixo: não recebe SMS');
  });

  it('with no contacts at all, points to the import', async () => {
    installFakeBridge()
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, 0)));
    await mountInApp(ContactsPage);
    expect(squash(byTestId('contacts-empty').textContent)).toContain('Nenhum contato ainda');
    expect(byTestId('contacts-empty').querySelector('[data-testid="import-open"]')).toBeTruthy();
  });
});
