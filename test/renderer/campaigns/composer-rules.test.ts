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

const rulesView = (over: Partial<RulesView['rules']> = {}): RulesView => ({
  rules: { ...structuredClone(DEFAULT_RULES), ...over } as RulesView['rules'],
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

describe('the sending rules in the composer', () => {
  it('says who the block lists and the cap leave out, with the cap’s own numbers', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge
      .reply('rules:get', rulesView({ cap: { on: true, messages: 4, days: 7 } }))
      .reply('campaigns:audience', {
        ...sampleAudience(),
        blocked: { 'procon-sp': 12, other: 3 },
        capped: 23,
      });
    await mountAt('/campaigns/camp-1/edit', routes);

    const lines = [...byTestId('audience-rules').querySelectorAll('p, li')].map((el) =>
      squash(el.textContent),
    );
    expect(lines).toEqual([
      'Ficam de fora pelas regras de envio:',
      '12 bloqueados pelo Procon-SP',
      '3 em outra lista de bloqueio',
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
    expect(squash(byTestId('estimate-times').textContent)).toBe(
      'No relógio de cada cliente, a primeira sai seg., 30/11, 09:00 (Horário de Brasília) ' +
        'e a última, seg., 30/11, 09:00 (Horário do Acre).',
    );

    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-rules').textContent)).toBe(
      'Regras de envio: 15 bloqueados ficam de fora; 23 ficam de fora pelo limite de mensagens; 40 vão mais tarde.',
    );
    // Everyone goes later: the confirmation does not say "Agora".
    expect(squash(byTestId('confirm-when').textContent)).toBe(
      'A partir de seg., 30/11, 09:00 (Horário de Brasília)',
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
    expect(squash(byTestId('estimate-times').textContent)).toContain('(Brasília time)');
    // Two of three go later: now for the one within the hours.
    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-when').textContent)).toBe('Now, for those within the sending hours');
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
