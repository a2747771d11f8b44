import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { PersonView } from '@shared/dto/privacy';
import PersonViewPage from '@renderer/views/privacy/PersonView.vue';
import { contactsPage, installFakeBridge, sampleContact, signedInDemo } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const PHONE = '+5511987654321';

const maria: PersonView = {
  phone: PHONE,
  found: true,
  erased: false,
  contact: {
    id: 'c1',
    name: 'Maria Quitéria',
    email: 'maria@example.com',
    fields: { bairro: 'Centro' },
    lists: ['Clientes'],
    consent: { basis: 'consent', source: 'balcão', at: '2026-01-10' },
    timeZone: null,
    birthday: '15/03',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
  },
  optOut: null,
  consentRecords: [
    {
      id: 1,
      basis: 'consent',
      words: 'Aceito receber ofertas da Loja Maria por SMS.',
      channel: 'balcao',
      collectedBy: 'Joana',
      source: 'ficha da loja',
      givenAt: '2026-01-10',
      recordedAt: '2026-01-10T12:00:00.000Z',
      withdrawnAt: null,
      withdrawnSource: null,
    },
  ],
  blockLists: [],
  messages: [
    {
      kind: 'campaign',
      name: 'Oferta de sábado',
      text: 'Olá Maria Quitéria, a oferta chegou!',
      status: 'delivered',
      at: '2026-03-14T13:05:00.000Z',
      handedToService: true,
    },
  ],
  clicks: [],
  replies: [{ text: 'Apaguem meus dados', at: '2026-03-14T14:00:00.000Z' }],
  storage: { database: '/home/loja/.config/Torpedo/torpedo.db', sentToService: { number: true, texts: 1 } },
};

const erasedView: PersonView = {
  ...maria,
  found: false,
  erased: true,
  contact: null,
  consentRecords: [],
  messages: [],
  replies: [],
  storage: { ...maria.storage, sentToService: { number: false, texts: 0 } },
};

async function openPerson(path: string, bridge = installFakeBridge()) {
  bridge.reply('session:get', signedInDemo);
  const mounted = await mountInApp(PersonViewPage);
  await mounted.router.push(path);
  await flushPromises();
  return { bridge, ...mounted };
}

async function typeInto(testId: string, text: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('Titular, one person’s page (with a fake bridge)', () => {
  it('shows everything kept about them, in groups, and where it is stored', async () => {
    const bridge = installFakeBridge().reply('privacy:show', maria);
    await openPerson(`/contacts/person/${encodeURIComponent(PHONE)}`, bridge);
    expect(bridge.inputsOf('privacy:show')).toEqual([{ phone: PHONE }]);
    expect(squash(byTestId('person-phone').textContent)).toBe('(11) 98765-4321');
    const contact = squash(byTestId('person-contact').textContent);
    expect(contact).toContain('Maria Quitéria');
    expect(contact).toContain('bairroCentro');
    expect(contact).toContain('Consentimento · balcão · 2026-01-10');
    expect(contact).toContain('Cadastrado em10/01/2026, 09:00');
    expect(squash(byTestId('person-messages').textContent)).toBe(
      'Mensagens enviadas14/03/2026, 10:05Campanha: Oferta de sábadoOlá Maria Quitéria, a oferta chegou!Entregue',
    );
    expect(squash(byTestId('person-replies').textContent)).toContain('“Apaguem meus dados”');
    // The evidence of her consent: the words she agreed to, where and who took them.
    const consent = squash(byTestId('person-consent-records').textContent);
    expect(consent).toContain('Aceito receber ofertas da Loja Maria por SMS.');
    expect(consent).toContain('Balcão');
    expect(consent).toContain('Joana');
    const storage = squash(byTestId('person-storage').textContent);
    expect(storage).toContain('/home/loja/.config/Torpedo/torpedo.db');
    expect(storage).toContain('o número e o texto de 1 mensagem');
  });

  it('erases only once the last four digits are typed, then shows that only a keyed mark is left', async () => {
    const bridge = installFakeBridge().reply('privacy:show', maria);
    bridge.handle('privacy:erase', () => {
      bridge.reply('privacy:show', erasedView);
      return { ok: true, value: { found: true, erased: { contacts: 1, campaignMessages: 1 }, at: 'x' } };
    });
    await openPerson(`/contacts/person/${encodeURIComponent(PHONE)}`, bridge);
    await click(byTestId('person-erase'));
    const dialog = squash(document.querySelector('.n-dialog')!.textContent);
    expect(dialog).toContain('Apagar tudo sobre (11) 98765-4321?');
    expect(dialog).toContain('os textos das mensagens enviadas');
    expect(dialog).toContain('Isso não pode ser desfeito.');
    expect(dialog).toContain('(4321)');

    const confirm = byTestId('person-erase-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await typeInto('person-erase-digits', '1234');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await click(confirm);
    expect(bridge.inputsOf('privacy:erase')).toEqual([]);

    await typeInto('person-erase-digits', '4321');
    expect(byTestId('person-erase-confirm').hasAttribute('disabled')).toBe(false);
    await click(byTestId('person-erase-confirm'));
    expect(bridge.inputsOf('privacy:erase')).toEqual([{ phone: PHONE, by: 'owner' }]);
    expect(squash(byTestId('person-erased').textContent)).toContain('apagado a pedido do titular');
    expect(queryTestId('person-contact')).toBeNull();
    expect(queryTestId('person-erase')).toBeNull();
  });

  it('exports the summary and its copy, and says where', async () => {
    const bridge = installFakeBridge().reply('privacy:show', maria).reply('privacy:export', {
      saved: true,
      fileName: 'titular-2026-03-14.html',
      jsonFileName: 'titular-2026-03-14.json',
    });
    await openPerson(`/contacts/person/${encodeURIComponent(PHONE)}`, bridge);
    await click(byTestId('person-export'));
    expect(bridge.inputsOf('privacy:export')).toEqual([{ phone: PHONE }]);
    expect(squash(document.body.textContent)).toContain(
      'Salvo: titular-2026-03-14.html e a cópia titular-2026-03-14.json.',
    );
  });

  it('finds a customer by name and opens their page; a typed number opens it at once', async () => {
    const bridge = installFakeBridge()
      .reply('contacts:search', {
        ...contactsPage({}, 0),
        rows: [sampleContact(1, { name: 'Maria Quitéria', phone: PHONE })],
        total: 1,
      })
      .reply('privacy:show', maria);
    const { router } = await openPerson('/contacts/person', bridge);
    await typeInto('person-search', 'Maria');
    await click(byTestId('person-search-go'));
    expect(bridge.inputsOf('contacts:search')[0]).toMatchObject({ query: 'Maria' });
    const pick = document.querySelector<HTMLElement>('[data-testid^="person-pick-"]')!;
    expect(squash(pick.textContent)).toContain('Maria Quitéria · (11) 98765-4321');
    await click(pick);
    expect(router.currentRoute.value.params.phone).toBe(PHONE);

    await router.push('/contacts/person');
    await typeInto('person-search', '(11) 98765-4321');
    await click(byTestId('person-search-go'));
    expect(router.currentRoute.value.params.phone).toBe('(11) 98765-4321');
  });
});
