import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import ContactDrawer from '@renderer/views/contacts/ContactDrawer.vue';
import { h, ref } from 'vue';
import type { ContactView } from '@shared/dto';
import { installFakeBridge, ok, sampleContact, sampleList } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { readConsentForm, otherClockOf } from '@renderer/composables/contacts/consent-input';

enableAutoUnmount(afterEach);

async function type(testId: string, text: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}
const radio = async (testId: string) => click(byTestId(testId).querySelector('input') ?? byTestId(testId));

const shown = ref(false);
async function mountDrawer(contact: ContactView | null, locale: 'pt-BR' | 'en' = 'pt-BR') {
  shown.value = false;
  const bridge = installFakeBridge()
    .reply('lists:list', [sampleList('l1', 'Clientes VIP', 3)])
    .handle('contacts:update', ({ id: _id, ...change }) => ok({ ...contact!, ...change } as ContactView))
    .handle('contacts:create', (input) =>
      ok(sampleContact(9, { ...input, phone: '+5581987650009' } as Partial<ContactView>)),
    );
  if (contact) bridge.reply('contacts:get', contact);
  await mountInApp(
    () =>
      h(ContactDrawer, { show: shown.value, contact, 'onUpdate:show': (v: boolean) => (shown.value = v) }),
    { locale },
  );
  shown.value = true;
  await flushPromises();
  return bridge;
}

describe('consent on record in the contact drawer', () => {
  it('shows the basis, its source and date, and how the number opted out', async () => {
    await mountDrawer(
      sampleContact(1, {
        consent: { basis: 'consent', source: 'ficha da loja', at: '2026-03-15' },
        optedOut: true,
        optOut: { at: '2026-11-20T13:00:00.000Z', source: 'reply', note: null },
      }),
    );
    expect(byTestId('contact-consent-consent').querySelector('input')!.checked).toBe(true);
    expect(byTestId('contact-consent-source').querySelector('input')!.value).toBe('ficha da loja');
    expect(byTestId('contact-consent-at').querySelector('input')!.value).toBe('15/03/2026');
    expect(squash(byTestId('contact-opt-out-record').textContent)).toMatch(
      /^Pediu para sair em 20\/11\/2026.*: respondeu ao SMS pedindo para sair\.$/,
    );
    // DDD 11 has one clock: nothing to choose.
    expect(queryTestId('contact-clock')).toBeNull();
  });

  it('an opt-out by reply quotes the words and links to the conversation in Respostas', async () => {
    const contact = sampleContact(3, {
      optedOut: true,
      optOut: { at: '2026-11-20T13:00:00.000Z', source: 'reply', note: 'Sair' },
    });
    await mountDrawer(contact);
    expect(squash(byTestId('contact-opt-out-record').textContent)).toMatch(
      /^Pediu para sair em 20\/11\/2026.*: respondeu “Sair” a um SMS\.$/,
    );
    const link = byTestId('contact-opt-out-conversation');
    expect(squash(link.textContent)).toBe('Ver a conversa em Respostas');
    expect(link.getAttribute('href')).toContain(`/inbox?phone=${encodeURIComponent(contact.phone)}`);

    await mountDrawer({
      ...contact,
      optOut: { ...contact.optOut!, source: 'manual', note: 'pediu no balcão' },
    });
    expect(squash(byTestId('contact-opt-out-record').textContent)).toMatch(
      /: digitado na lista de descadastrados\. \(pediu no balcão\)$/,
    );
    expect(queryTestId('contact-opt-out-conversation')).toBeNull();
  });

  it('records consent given today, read as dd/mm/aaaa, and sends only what changed', async () => {
    const bridge = await mountDrawer(sampleContact(2));
    await radio('contact-consent-legitimate');
    // Choosing a basis dates it today; the owner writes the day it was really given.
    expect(byTestId('contact-consent-at').querySelector('input')!.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await type('contact-consent-source', 'cliente da loja');
    await type('contact-consent-at', '31/02/2026');
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-consent-at-error').textContent)).toBe(
      'Esta data não existe (o dia vem primeiro: 15/03/2026).',
    );
    expect(bridge.inputsOf('contacts:update')).toEqual([]);

    await type('contact-consent-at', '01/10/2026');
    await click(byTestId('contact-save'));
    expect(bridge.inputsOf('contacts:update')).toEqual([
      expect.objectContaining({
        consent: { basis: 'legitimate_interest', source: 'cliente da loja', at: '2026-10-01' },
      }),
    ]);
    expect(bridge.inputsOf('contacts:update')[0]).not.toHaveProperty('timeZone');
  });

  it('in English takes the day month first (03/15/2026), as its placeholder and its errors say', async () => {
    const bridge = await mountDrawer(
      sampleContact(4, { consent: { basis: 'consent', source: 'store', at: '2026-03-15' } }),
      'en',
    );
    const at = () => byTestId('contact-consent-at').querySelector('input')!;
    expect(at().value).toBe('03/15/2026');
    expect(at().placeholder).toBe('mm/dd/yyyy');
    await type('contact-consent-at', '02/31/2026');
    await click(byTestId('contact-save'));
    expect(squash(byTestId('contact-consent-at-error').textContent)).toBe(
      'This date does not exist (the month comes first: 03/15/2026).',
    );
    await type('contact-consent-at', '03/14/2026');
    await click(byTestId('contact-save'));
    expect(bridge.inputsOf('contacts:update')).toEqual([
      expect.objectContaining({ consent: { basis: 'consent', source: 'store', at: '2026-03-14' } }),
    ]);
  });

  it('offers the other clock only where the DDD covers two (81: Noronha), and clears a basis', async () => {
    const bridge = await mountDrawer(
      sampleContact(3, { phone: '+5581987650003', consent: { basis: 'consent', source: null, at: null } }),
    );
    expect(squash(byTestId('contact-clock-ddd').textContent)).toBe(
      'Horário de Brasília (o do DDD, da maioria)',
    );
    expect(squash(byTestId('contact-clock-other').textContent)).toBe('Horário de Fernando de Noronha');
    await radio('contact-clock-other');
    await radio('contact-consent-none');
    expect(queryTestId('contact-consent-source')).toBeNull();
    await click(byTestId('contact-save'));
    expect(bridge.inputsOf('contacts:update')).toEqual([
      expect.objectContaining({ consent: null, timeZone: 'America/Noronha' }),
    ]);
  });
});

describe('reading the consent form', () => {
  it('refuses a day to come and a day without its year; 97 offers Acre time', () => {
    const now = new Date(2026, 10, 27);
    expect(readConsentForm({ basis: 'consent', source: '', at: '28/11/2026' }, now)).toEqual({
      ok: false,
      problem: 'future',
    });
    expect(readConsentForm({ basis: 'consent', source: '', at: '15/03' }, now)).toEqual({
      ok: false,
      problem: 'noYear',
    });
    expect(readConsentForm({ basis: 'consent', source: ' site ', at: '2026-03-15' }, now)).toEqual({
      ok: true,
      consent: { basis: 'consent', source: 'site', at: '2026-03-15' },
    });
    expect(readConsentForm({ basis: 'consent', source: '', at: '03/15/2026', order: 'mdy' }, now)).toEqual({
      ok: true,
      consent: { basis: 'consent', source: null, at: '2026-03-15' },
    });
    expect(otherClockOf('(97) 98765-4321')).toBe('America/Rio_Branco');
    expect(otherClockOf('+55 81 98765-4321')).toBe('America/Noronha');
    expect(otherClockOf('(11) 98765-4321')).toBeNull();
  });
});
