import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import { contactsPage, fail, installFakeBridge, ok, sampleContact } from '../support/fake-bridge';
import { useComposerDraftStore } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import { useComposerFactsStore } from '@renderer/stores/campaigns/composer/use-composer-facts-store';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt, sampleCampaign } from './campaign-samples';

enableAutoUnmount(afterEach);
// Whole pages mount here: on a busy two-core machine the first one can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

async function type(testId: string, text: string): Promise<void> {
  const field = byTestId(testId).querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;
  field.value = text;
  field.dispatchEvent(new Event('input'));
  await flushPromises();
}

/** An element's text with its parts apart, as it reads on screen (`Destinatários 3`, not `Destinatários3`). */
function words(element: Element): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return squash(parts.join(' '));
}

const figure = (testId: string) => squash(byTestId(testId).querySelector('dd')!.textContent);
const marked = () =>
  [...byTestId('preview-text').querySelectorAll('[data-kind="unicode"]')]
    .map((el) => el.textContent)
    .join('');

/** An audience with nobody in it. */
const NOBODY = {
  selected: 0,
  optedOut: 0,
  landlines: 0,
  duplicates: 0,
  blocked: [],
  capped: 0,
  recipients: 0,
};

describe('the composer’s counts, as the user types', () => {
  it('counts segments on each keystroke and marks the characters that force Unicode, before any save', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-template', 'Oi {{nome}}, promoção!');
    // No save yet (the autosave waits for a pause): this is the renderer's own merge and count.
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([]);
    expect(squash(byTestId('preview-text').textContent)).toBe('Oi Maria da Silva, promoção!');
    expect(marked()).toBe('çã');
    expect(byTestId('segment-counter').dataset.encoding).toBe('UCS-2');
    expect(words(byTestId('segment-unicode-chars'))).toContain('ç ã');

    // 161 plain characters: two SMS of 153.
    await type('composer-template', `{{nome}} ${'a'.repeat(146)}`);
    const counter = byTestId('composer-preview').querySelector<HTMLElement>(
      '[data-testid="segment-counter"]',
    )!;
    expect(counter.dataset.encoding).toBe('GSM-7');
    expect(squash(counter.querySelector('[data-testid="segment-count"]')!.textContent)).toBe('2 SMS');
    expect(squash(counter.querySelector('[data-testid="segment-units"]')!.textContent)).toBe(
      '161 caracteres, 153 por SMS',
    );
  });

  it('merges custom fields and the email on each keystroke too, with the fallback where the recipient has none', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-template', 'Oi {{primeiro_nome}} de {{Cidade}}: {{email|sem e-mail}}');
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([]);
    // São Paulo's "ã" forces Unicode: the count is right before the core's preview arrives.
    expect(squash(byTestId('preview-text').textContent)).toBe('Oi Maria de São Paulo: sem e-mail');
    expect(byTestId('segment-counter').dataset.encoding).toBe('UCS-2');
  });

  it('shows what plain letters save, and applies them to the preview when chosen', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-template', `Olá {{nome}}! ${'Promoção de verão. '.repeat(3)}`);
    expect(byTestId('segment-counter').dataset.encoding).toBe('UCS-2');
    expect(squash(byTestId('composer-plain-saving').textContent)).toBe(
      'Com letras simples: de 2 para 1 SMS por mensagem (1 a menos por cliente).',
    );

    await click(
      byTestId('composer-plain-letters').querySelector<HTMLElement>('[role="switch"]') ??
        byTestId('composer-plain-letters'),
    );
    expect(byTestId('segment-counter').dataset.encoding).toBe('GSM-7');
    expect(squash(byTestId('preview-text').textContent)).toContain('Ola Maria da Silva! Promocao de verao.');
    expect(marked()).toBe('');
  });
});

describe('the preview, one recipient at a time', () => {
  it('goes next and previous (wrapping), with the buttons or the arrow keys, and finds by name', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);

    const who = () => words(byTestId('preview-recipient'));
    expect(squash(byTestId('preview-position').textContent)).toBe('Destinatário 1 de 3');
    expect(who()).toBe('Maria da Silva (11) 98765-4321');
    expect(squash(byTestId('preview-text').textContent)).toBe('Olá Maria da Silva, aproveite!');

    await click(byTestId('preview-next'));
    expect(who()).toBe('João Souza (21) 99876-5432');
    expect(squash(byTestId('preview-text').textContent)).toBe('Olá João Souza, aproveite!');

    await click(byTestId('preview-previous'));
    await click(byTestId('preview-previous'));
    expect(squash(byTestId('preview-position').textContent)).toBe('Destinatário 3 de 3');
    expect(who()).toContain('Ana Lima');

    byTestId('preview-next').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
    );
    await flushPromises();
    expect(who()).toContain('Maria da Silva');

    await type('preview-search', 'joão');
    await click(byTestId('preview-search-go'));
    expect(who()).toContain('João Souza');
    expect(bridge.inputsOf('campaigns:preview').at(-1)).toEqual({ id: 'camp-1', query: 'joão' });

    await type('preview-search', 'Zé Ninguém');
    await click(byTestId('preview-search-go'));
    expect(squash(byTestId('preview-no-match').textContent)).toBe(
      'Nenhum destinatário encontrado para “Zé Ninguém”.',
    );
    expect(who()).toContain('João Souza');

    // Enter in the box finds as the button does (the page's own key, through the search field).
    await type('preview-search', 'ana');
    byTestId('preview-search')
      .querySelector('input')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await flushPromises();
    expect(bridge.inputsOf('campaigns:preview').at(-1)).toEqual({ id: 'camp-1', query: 'ana' });
  });
});

describe('the preview before anyone is chosen', () => {
  it('shows the text with its fallbacks, and no contact missing a field beside “Nenhum destinatário ainda”', async () => {
    const bridge = installFakeBridge();
    composerBridge(
      bridge,
      sampleCampaign({ audience: { listIds: [], contactIds: [], segmentIds: [] }, template: '' }),
    );
    // The core's answer with nobody chosen: no recipient, and every field without a value.
    bridge.reply('campaigns:preview', {
      index: 0,
      total: 0,
      recipient: null,
      text: 'Oi !',
      segments: { encoding: 'GSM-7', units: 4, segments: 1, perSegment: 160, nonGsmChars: [] },
      missingFields: ['nome'],
    });
    bridge.reply('campaigns:audience', NOBODY);
    await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-template', 'Oi {{nome}}!');
    await flushPromises();
    expect(squash(byTestId('preview-position').textContent)).toBe('Nenhum destinatário ainda');
    expect(queryTestId('preview-missing')).toBeNull();
  });

  it('explains only the marks the text shows', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-template', 'Oi {{nome}}, tudo bem?');
    expect(queryTestId('preview-legend')).toBeNull();
    await type('composer-template', 'Oi {{nome}}, só 5 €');
    // Once the message takes 70 per SMS, € counts once like any other character: only ã-style marks are explained.
    expect(squash(byTestId('preview-legend').textContent)).toBe('ã deixa cada SMS com só 70 caracteres');
    await type('composer-template', 'Oi {{nome}}, so 5 €');
    expect(squash(byTestId('preview-legend').textContent)).toBe('€ ocupa o lugar de 2 caracteres');
  });
});

describe('the send options', () => {
  it('keeps the delivery callback address under “Avançado”, closed until it is wanted', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(queryTestId('composer-callback')).toBeNull();
    const advanced = byTestId('composer-advanced');
    expect(squash(advanced.textContent)).toBe('Avançado');
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    await click(advanced);
    expect(advanced.getAttribute('aria-expanded')).toBe('true');
    expect(byTestId('composer-callback')).toBeTruthy();
  });

  it('opens “Avançado” by itself when the campaign already has an address', async () => {
    const bridge = installFakeBridge();
    const campaign = sampleCampaign();
    campaign.options.callbackUrl = 'https://loja.example.com/aviso';
    composerBridge(bridge, campaign);
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(byTestId('composer-callback').querySelector('input')!.value).toBe(
      'https://loja.example.com/aviso',
    );
  });
});

describe('the cost against the balance', () => {
  it('names the SMS type in the window’s language beside its price: Padrão in Portuguese, Standard in English', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });
    expect(words(byTestId('estimate-unit'))).toMatch(/^Price per SMS \(Standard\) /);
  });

  it('shows recipients, SMS, price and total in reais, covered by the balance', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(figure('estimate-recipients')).toBe('3');
    expect(figure('estimate-segments')).toBe('3');
    expect(words(byTestId('estimate-unit'))).toBe('Preço por SMS (Padrão) R$ 0,09');
    expect(figure('estimate-cost')).toBe('R$ 0,27');
    expect(figure('estimate-balance')).toBe('R$ 50,00');
    expect(queryTestId('estimate-shortfall')).toBeNull();
    expect(figure('audience-recipients')).toBe('3');
    // Counts of people left out, never negative numbers ("Descadastrados (saem) −1" read as minus one).
    expect(figure('audience-optedOut')).toBe('1');
    expect(figure('audience-duplicates')).toBe('1');
  });

  it('offers to buy what is missing, and to send what the balance covers', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign(), 0.1);
    const { router } = await mountAt('/campaigns/camp-1/edit', routes);

    expect(squash(byTestId('estimate-shortfall').textContent)).toContain(
      'Faltam R$ 0,17 de saldo para enviar a campanha inteira.',
    );
    expect(squash(byTestId('estimate-shortfall').textContent)).toContain(
      'A campanha espera até o saldo cobrir tudo',
    );
    await click(
      byTestId('estimate-allow-partial').querySelector('input') ?? byTestId('estimate-allow-partial'),
    );
    expect(squash(byTestId('estimate-shortfall').textContent)).toContain(
      'As mensagens que o saldo cobre saem já',
    );

    expect(squash(byTestId('estimate-buy').textContent)).toBe('Comprar créditos (faltam R$ 0,17)');
    await click(byTestId('estimate-buy'));
    // Leaving saves the choice first.
    expect(router.currentRoute.value.path).toBe('/credits');
    expect(router.currentRoute.value.query).toEqual({ for: 'camp-1', need: '0.17' });
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([{ id: 'camp-1', allowPartial: true }]);
  });

  it('confirms recipients, SMS, cost and when before sending, then follows the campaign', async () => {
    const bridge = installFakeBridge();
    const state = composerBridge(bridge);
    bridge.handle('campaigns:send', (input) => ok({ ...state.campaign, status: 'queued', ...input }));
    const { router } = await mountAt('/campaigns/camp-1/edit', routes);

    await click(byTestId('composer-send'));
    const summary = words(byTestId('composer-send-summary'));
    expect(summary).toContain('Destinatários 3');
    expect(summary).toContain('SMS a cobrar 3');
    expect(summary).toContain('Vai custar R$ 0,27');
    expect(summary).toContain('Quando Agora');
    expect(queryTestId('confirm-offline')).toBeNull();
    expect(bridge.inputsOf('campaigns:send')).toEqual([]);

    await click(byTestId('composer-send-confirm'));
    expect(bridge.inputsOf('campaigns:send')).toEqual([{ id: 'camp-1', allowPartial: false }]);
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-1');
  });

  it('when Send fails, says nothing went out or was charged, and what to do, and keeps saying it', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.handle('campaigns:send', () => fail('internal_error', 'CHECK constraint failed: position >= 0'));
    const { router } = await mountAt('/campaigns/camp-1/edit', routes);

    await click(byTestId('composer-send'));
    await click(byTestId('composer-send-confirm'));
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-1/edit');
    const said = squash(byTestId('composer-send-failure').textContent);
    expect(said).toContain('A campanha não foi enviada: nada saiu e nada foi cobrado');
    expect(said).toContain('use Duplicar nesta campanha e envie a cópia');
    expect(said).not.toContain('Algo deu errado');
  });

  it('says an offline send queues, and that a scheduled one goes out at its time in Brasília', async () => {
    const bridge = installFakeBridge().reply('connectivity:get', { state: 'offline', checkedAt: null });
    composerBridge(
      bridge,
      sampleCampaign({ options: { ...sampleCampaign().options, scheduleAt: '2099-03-20T12:00:00.000Z' } }),
    );
    const { pinia } = await mountAt('/campaigns/camp-1/edit', routes);
    const { useConnectivityStore } = await import('@renderer/stores/app/use-connectivity-store');
    await useConnectivityStore(pinia).load();

    expect(squash(byTestId('composer-schedule-text').textContent)).toBe(
      'Sai em sexta-feira, 20 de março de 2099 às 09:00.',
    );
    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-when').textContent)).toBe('sexta-feira, 20 de março de 2099 às 09:00');
    expect(squash(byTestId('confirm-offline').textContent)).toContain('sai sozinha quando a conexão voltar');
    expect(squash(byTestId('composer-send-confirm').textContent)).toBe(
      'Agendar para sex., 20/03, 09:00 (Horário de Brasília)',
    );
  });

  it('will not send with nobody to send to or no text, and says so', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '   ' }));
    bridge.reply('campaigns:audience', NOBODY);
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(byTestId('composer-send').hasAttribute('disabled')).toBe(true);
    expect(squash(byTestId('composer-blockers').textContent)).toBe(
      'Para enviar: escolha quem recebe; escreva a mensagem.',
    );
  });

  it('says everyone chosen opted out (with the count), not "choose who gets it", when a segment holds only opted-out people', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign());
    bridge.reply('campaigns:audience', { ...NOBODY, selected: 1, optedOut: 1 });
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(byTestId('composer-send').hasAttribute('disabled')).toBe(true);
    expect(squash(byTestId('composer-blockers').textContent)).toBe(
      'Para enviar: escolha outros destinatários: o único contato escolhido pediu para sair e não recebe.',
    );
  });

  it('counts them in English, and says when the chosen are left out for other reasons', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign());
    bridge.reply('campaigns:audience', { ...NOBODY, selected: 3, optedOut: 2, duplicates: 1 });
    await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });
    expect(squash(byTestId('composer-blockers').textContent)).toContain(
      'choose other recipients: all 3 contacts chosen opted out and none gets it',
    );
    bridge.reply('campaigns:audience', { ...NOBODY, selected: 2, optedOut: 1, landlines: 1 });
    await useComposerFactsStore().loadAudience();
    await flushPromises();
    expect(squash(byTestId('composer-blockers').textContent)).toContain(
      'choose other recipients: all 2 contacts chosen are left out (the counts above say why)',
    );
  });
});

describe('the test send', () => {
  it('sends the previewed recipient’s message to the number typed', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('campaigns:testSend', { sendId: 's-1', phone: '+5511912345678', segments: 1 });
    await mountAt('/campaigns/camp-1/edit', routes);
    await click(byTestId('preview-next'));

    await click(byTestId('composer-test-open'));
    expect(squash(byTestId('test-send-which').textContent)).toContain('João Souza');
    expect(squash(byTestId('test-send-text').textContent)).toBe('Olá João Souza, aproveite!');
    await click(byTestId('test-send-go'));
    expect(document.body.textContent).toContain('Digite o número, com DDD.');
    expect(bridge.inputsOf('campaigns:testSend')).toEqual([]);

    await type('test-send-phone', '(11) 91234-5678');
    await click(byTestId('test-send-go'));
    expect(bridge.inputsOf('campaigns:testSend')).toEqual([
      { id: 'camp-1', phone: '(11) 91234-5678', index: 1 },
    ]);
    expect(squash(byTestId('test-send-done').textContent)).toBe(
      'Teste enviado para (11) 91234-5678 (1 SMS).',
    );
  });
});

describe('the balance after a test send', () => {
  it('is read again from the service, and the estimate beside it follows', async () => {
    const bridge = installFakeBridge();
    const state = composerBridge(bridge);
    bridge.reply('campaigns:testSend', { sendId: 's-1', phone: '+5511912345678', segments: 1 });
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(figure('estimate-balance')).toBe('R$ 50,00');
    const before = bridge.inputsOf('campaigns:estimate').length;

    await click(byTestId('composer-test-open'));
    await type('test-send-phone', '(11) 91234-5678');
    // The service took R$ 0,09 for the test.
    state.balance = 49.91;
    await click(byTestId('test-send-go'));
    await vi.waitFor(() => expect(figure('estimate-balance')).toBe('R$ 49,91'));
    expect(bridge.inputsOf('account:balance')).toContainEqual({ refresh: true });
    expect(bridge.inputsOf('campaigns:estimate').length).toBeGreaterThan(before);
  });
});

describe('contacts chosen one by one, in the composer', () => {
  const rowNamed = (name: string) =>
    [...document.querySelectorAll('[data-testid="contact-picker-row"]')].find((r) =>
      squash(r.textContent).startsWith(name),
    )! as HTMLElement;

  it('searches, ticks and uses the ticked contacts; reopened, they are ticked and can be unticked', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.handle('contacts:search', (input) =>
      ok(
        input.query
          ? { rows: [sampleContact(7, { optedOut: true })], total: 1, offset: 0, limit: 50 }
          : contactsPage(input, 120),
      ),
    );
    await mountAt('/campaigns/camp-1/edit', routes);

    await click(byTestId('composer-choose-contacts'));
    await vi.waitFor(() =>
      expect(document.querySelectorAll('[data-testid="contact-picker-row"]')).toHaveLength(50),
    );
    expect(squash(byTestId('contact-picker-more').textContent)).toContain('Mais 70 contatos encontrados');
    await click(rowNamed('Contato 0001'));
    await click(rowNamed('Contato 0002'));
    expect(squash(byTestId('contact-picker-count').textContent)).toBe('2 contatos escolhidos');

    // Typing searches (the core's search: any phone format, no accents needed).
    await type('contact-picker-search', '98765-0007');
    await vi.waitFor(() =>
      expect(bridge.inputsOf('contacts:search').at(-1)).toMatchObject({ query: '98765-0007' }),
    );
    await flushPromises();
    expect(squash(rowNamed('Contato 0007').textContent)).toContain('descadastrado');

    await click(byTestId('contact-picker-confirm'));
    expect(squash(byTestId('composer-contacts').textContent)).toContain('2 contatos escolhidos um a um');
    expect(useComposerDraftStore().draft.audience.contactIds).toEqual(['contact-1', 'contact-2']);

    await click(byTestId('composer-contacts-change'));
    await vi.waitFor(() =>
      expect(document.querySelectorAll('[data-testid="contact-picker-row"]')).toHaveLength(50),
    );
    expect(rowNamed('Contato 0001').getAttribute('aria-checked')).toBe('true');
    expect(rowNamed('Contato 0003').getAttribute('aria-checked')).toBe('false');
    await click(rowNamed('Contato 0001'));
    await click(byTestId('contact-picker-confirm'));
    expect(useComposerDraftStore().draft.audience.contactIds).toEqual(['contact-2']);
  });
});
