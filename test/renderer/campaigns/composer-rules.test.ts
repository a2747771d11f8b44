import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import type { RulesView } from '@shared/dto/rules';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt, sampleAudience, sampleCampaign, sampleEstimate } from './campaign-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

const rulesView = (
  over: Partial<RulesView['rules']> = {},
  howToStop: RulesView['howToStop'] = { on: false, serverConnected: false },
): RulesView => ({
  rules: { ...structuredClone(DEFAULT_RULES), ...over } as RulesView['rules'],
  howToStop,
  holidays: [],
  blockLists: [],
});

/** The Saturday/Monday of the core's own zone test: Monday 30/11/2026 09:00 in São Paulo and in Rio Branco. */
const MOVED = sampleEstimate({
  rules: { excluded: { blocked: 15, cap: 23 }, moved: { window: 30, holiday: 4, sunday: 6 } },
  firstAt: '2026-11-30T12:00:00.000Z',
  firstZone: 'America/Sao_Paulo',
  lastAt: '2026-11-30T14:00:00.000Z',
  lastZone: 'America/Rio_Branco',
});

/** Sent on a Tuesday evening in São Paulo: all three go Wednesday 02/12/2026 09:00, on one clock. */
const WEDNESDAY = sampleEstimate({
  rules: { excluded: { blocked: 0, cap: 0 }, moved: { window: 3, holiday: 0, sunday: 0 } },
  firstAt: '2026-12-02T12:00:00.000Z',
  firstZone: 'America/Sao_Paulo',
  lastAt: '2026-12-02T12:00:00.000Z',
  lastZone: 'America/Sao_Paulo',
});

describe('the sending rules in the composer', () => {
  it('says who each block list and the cap leave out, each list by name, with the cap’s own numbers', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge
      .reply('rules:get', rulesView({ cap: { on: true, messages: 4, days: 7 } }))
      .reply('campaigns:audience', {
        ...sampleAudience(),
        blocked: [
          { list: { id: 'procon-sp', kind: 'procon-sp', name: null }, count: 12 },
          { list: { id: 'procon-carioca', kind: 'procon-carioca', name: null }, count: 2 },
          { list: { id: 'owner-1a2b', kind: 'owner', name: 'Fornecedores' }, count: 3 },
          { list: { id: 'other', kind: 'owner', name: null }, count: 1 },
        ],
        capped: 23,
      });
    await mountAt('/campaigns/camp-1/edit', routes);

    const lines = [...byTestId('audience-rules').querySelectorAll('p, li')].map((el) =>
      squash(el.textContent),
    );
    expect(lines).toEqual([
      'Ficam de fora pelas regras de envio:',
      '12 bloqueados pelo Procon-SP',
      '2 bloqueados pelo Procon-Carioca',
      '3 na lista de bloqueio “Fornecedores”',
      '1 na lista de bloqueio “Outra lista”',
      '23 pessoas já receberam 4 mensagens nos últimos 7 dias',
    ]);
  });

  it('shows nothing of the rules when they leave nobody out and move nobody', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(queryTestId('audience-rules')).toBeNull();
    expect(queryTestId('estimate-moved')).toBeNull();
    expect(queryTestId('estimate-times')).toBeNull();
  });

  it('says how many go later and why, the first and last send on the customers’ clocks, and sums it up before sending', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('campaigns:estimate', MOVED);
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(squash(byTestId('estimate-moved').textContent)).toBe(
      '40 vão mais tarde: 30 fora do horário de envio, 6 num domingo, 4 num feriado',
    );
    // 09:00 on both clocks: one time on each customer's clock, not "from 09:00 to 09:00".
    expect(squash(byTestId('estimate-times').textContent)).toBe(
      'Todas saem seg., 30/11, 09:00 no relógio de cada cliente (do Horário de Brasília ao Horário do Acre).',
    );

    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-rules').textContent)).toBe(
      'Regras de envio: 15 bloqueados ficam de fora; 23 ficam de fora pelo limite de mensagens; 40 vão mais tarde.',
    );
    // Everyone goes later: the confirmation does not say "Agora", and its button does not send now.
    expect(squash(byTestId('confirm-when').textContent)).toBe(
      'A partir de seg., 30/11, 09:00 (Horário de Brasília)',
    );
    expect(squash(byTestId('composer-send-confirm').textContent)).toBe(
      'Agendar para seg., 30/11, 09:00 (Horário de Brasília)',
    );
  });

  it('in English too, naming a clock the composer has no name for by its offset (Recife: Brasília time)', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('campaigns:estimate', {
      ...MOVED,
      rules: { excluded: { blocked: 0, cap: 0 }, moved: { window: 2, holiday: 0, sunday: 0 } },
      firstZone: 'America/Recife',
    });
    await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });
    expect(squash(byTestId('estimate-moved').textContent)).toBe('2 go later: outside the sending hours');
    expect(squash(byTestId('estimate-times').textContent)).toContain('(Brasília time to Acre time)');
    // Two of three go later: now for the one within the hours.
    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-when').textContent)).toBe('Now, for those within the sending hours');
    expect(squash(byTestId('composer-send-confirm').textContent)).toBe(
      'Send now to those within the sending hours',
    );
    // Some go at the click: the choice says so as it always did.
    expect(squash(byTestId('composer-schedule-now').textContent)).toBe('As soon as I click Send');
  });

  it('when the hours hold every message till one time, says that time: on the choice, the button and “Quando”', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('campaigns:estimate', WEDNESDAY);
    await mountAt('/campaigns/camp-1/edit', routes);

    // The owner's choice stays chosen, and says what will happen.
    const now = byTestId('composer-schedule-now');
    expect(now.querySelector('input')!.checked).toBe(true);
    expect(squash(now.textContent)).toBe(
      'Assim que o horário de envio permitir: qua., 02/12, 09:00 (Horário de Brasília)',
    );
    // First and last at the same minute on the same clock: one time, not a range.
    expect(squash(byTestId('estimate-times').textContent)).toBe(
      'Todas saem qua., 02/12, 09:00 (Horário de Brasília).',
    );

    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-when').textContent)).toBe('qua., 02/12, 09:00 (Horário de Brasília)');
    expect(squash(byTestId('composer-send-confirm').textContent)).toBe(
      'Agendar para qua., 02/12, 09:00 (Horário de Brasília)',
    );
  });

  it('in English too: the choice, the button and the one time', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('campaigns:estimate', WEDNESDAY);
    await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });

    expect(squash(byTestId('composer-schedule-now').textContent)).toBe(
      'As soon as the sending hours allow: Wed 02/12, 09:00 (Brasília time)',
    );
    expect(squash(byTestId('estimate-times').textContent)).toBe(
      'All go out Wed 02/12, 09:00 (Brasília time).',
    );
    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-when').textContent)).toBe('Wed 02/12, 09:00 (Brasília time)');
    expect(squash(byTestId('composer-send-confirm').textContent)).toBe(
      'Schedule for Wed 02/12, 09:00 (Brasília time)',
    );
  });

  it('the same minute on two clocks is one sentence in English too, and a range stays a range', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('campaigns:estimate', MOVED);
    const { pinia } = await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });
    expect(squash(byTestId('estimate-times').textContent)).toBe(
      'All go out Mon 30/11, 09:00 on each customer’s clock (Brasília time to Acre time).',
    );
    bridge.reply('campaigns:estimate', { ...MOVED, lastAt: '2026-12-01T14:00:00.000Z' });
    const { useComposerFactsStore } =
      await import('@renderer/stores/campaigns/composer/use-composer-facts-store');
    await useComposerFactsStore(pinia).loadEstimate();
    await flushPromises();
    expect(squash(byTestId('estimate-times').textContent)).toBe(
      'On each customer’s clock, the first goes out Mon 30/11, 09:00 (Brasília time) ' +
        'and the last Tue 01/12, 09:00 (Acre time).',
    );
  });

  it('puts the business’s name in front of the preview as the customer reads it, and counts it', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    bridge.reply('rules:get', rulesView({ prefix: 'Loja Maria:' }));
    await mountAt('/campaigns/camp-1/edit', routes);

    const field = byTestId('composer-template').querySelector('textarea')!;
    field.value = `Oi {{nome}} ${'a'.repeat(140)}`;
    field.dispatchEvent(new Event('input'));
    await flushPromises();
    // Typed, not saved yet: the renderer's own merge puts the name in front as the core's builder does.
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([]);
    expect(squash(byTestId('preview-text').textContent)).toMatch(/^Loja Maria: Oi Maria da Silva a+$/);
    // 12 + 3 + 15 + 140 = 170 characters: two SMS, where the text alone (158) fits one.
    expect(squash(byTestId('segment-count').textContent)).toBe('2 SMS');
    expect(squash(byTestId('preview-prefix').textContent)).toContain(
      '“Loja Maria:” vai na frente de cada mensagem e entra no custo',
    );
  });

  it('ends the preview with “Como sair”, counts it, and says plainly when no server reads the replies', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    bridge.reply('rules:get', rulesView({ howToStop: 'on' }, { on: true, serverConnected: false }));
    await mountAt('/campaigns/camp-1/edit', routes);

    const field = byTestId('composer-template').querySelector('textarea')!;
    field.value = `Oi {{nome}} ${'a'.repeat(130)}  `;
    field.dispatchEvent(new Event('input'));
    await flushPromises();
    // The trailing spaces go, the sentence follows the last word, as the core's asItLeaves does.
    expect(squash(byTestId('preview-text').textContent)).toMatch(
      /^Oi Maria da Silva a+ Para sair, responda SAIR\.$/,
    );
    // 18 + 130 = 148 characters fit one SMS; the sentence's 26 make 174: two.
    expect(squash(byTestId('segment-count').textContent)).toBe('2 SMS');
    expect(squash(byTestId('preview-suffix').textContent)).toBe(
      '“Para sair, responda SAIR.” vai no fim de cada mensagem e entra no custo (Configurações › Regras de envio › Como sair).',
    );
    expect(squash(byTestId('preview-suffix-unheard').textContent)).toContain(
      'Nenhum Torpedo Server lê as respostas: quem responder SAIR não é descadastrado e continua recebendo.',
    );
  });

  it('with a server reading the replies, “Como sair” left unset is on and nothing warns', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    bridge.reply('rules:get', rulesView({}, { on: true, serverConnected: true }));
    await mountAt('/campaigns/camp-1/edit', routes);
    const field = byTestId('composer-template').querySelector('textarea')!;
    field.value = 'Promoção hoje!';
    field.dispatchEvent(new Event('input'));
    await flushPromises();
    expect(squash(byTestId('preview-text').textContent)).toBe('Promoção hoje! Para sair, responda SAIR.');
    expect(queryTestId('preview-suffix')).not.toBeNull();
    expect(queryTestId('preview-suffix-unheard')).toBeNull();
  });

  it('without a server, “Como sair” left unset is off: the text as written, no note', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    bridge.reply('rules:get', rulesView());
    await mountAt('/campaigns/camp-1/edit', routes);
    const field = byTestId('composer-template').querySelector('textarea')!;
    field.value = 'Promoção hoje!';
    field.dispatchEvent(new Event('input'));
    await flushPromises();
    expect(squash(byTestId('preview-text').textContent)).toBe('Promoção hoje!');
    expect(queryTestId('preview-suffix')).toBeNull();
    expect(queryTestId('preview-suffix-unheard')).toBeNull();
  });

  it('schedules “at 10:00” on each customer’s own clock, and says so before sending', async () => {
    const bridge = installFakeBridge();
    composerBridge(
      bridge,
      sampleCampaign({ options: { ...sampleCampaign().options, scheduleAt: '2099-03-20T10:00' } }),
    );
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(squash(byTestId('composer-schedule-text').textContent)).toBe(
      'Sai em sexta-feira, 20 de março de 2099 às 10:00, no horário de cada cliente (as regras de envio podem adiar).',
    );
    // One time for every clock: no zone to choose.
    expect(queryTestId('composer-time-zone')).toBeNull();
    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-when').textContent)).toBe(
      'sexta-feira, 20 de março de 2099 às 10:00, no horário de cada cliente',
    );
    expect(squash(byTestId('composer-send-confirm').textContent)).toBe('Agendar para sex., 20/03, 10:00');
  });

  it('a new schedule is saved as a time on each customer’s clock', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);
    await click(
      byTestId('composer-schedule-later').querySelector('input') ?? byTestId('composer-schedule-later'),
    );
    await vi.waitFor(() => expect(bridge.inputsOf('campaigns:saveDraft').length).toBeGreaterThan(0), {
      timeout: 5_000,
    });
    const saved = bridge.inputsOf('campaigns:saveDraft').at(-1)!.options!.scheduleAt!;
    expect(saved).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
  });
});
