import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CampaignReportView from '@renderer/views/history/CampaignReportView.vue';
import { SEARCH_DEBOUNCE_MS } from '@renderer/composables/use-debounced';
import { REPORT_REFRESH_MS } from '@renderer/stores/history/use-campaign-report-store';
import { installFakeBridge, ok, signedInDemo } from '../support/fake-bridge';
import { SEND_ID, sampleCampaignNumbers, sampleReport } from './history-samples';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
afterEach(() => {
  vi.useRealTimers();
});

function bridgeWith(report = sampleReport()) {
  return installFakeBridge()
    .reply('session:get', signedInDemo)
    .reply('history:campaignReport', report)
    .handle('history:campaignNumbers', (input) => ok(sampleCampaignNumbers(input)))
    .reply('history:exportCampaign', {
      saved: true,
      fileName: 'torpedo-campanha-promocao-de-marco-2025-03-14.csv',
      count: 1200,
      stale: false,
    });
}

async function openReport(bridge = bridgeWith(), locale: 'pt-BR' | 'en' = 'pt-BR') {
  const mounted = await mountInApp(CampaignReportView, { locale });
  await mounted.router.push('/campaigns/c1/report');
  await flushPromises();
  return { ...mounted, bridge };
}

const text = (id: string) => squash(byTestId(id).textContent);

describe('CampaignReportView (with a fake bridge)', () => {
  it('shows the campaign, its totals, batches and numbers', async () => {
    const { bridge } = await openReport();
    // What was kept first (at once), then the service's (issue 17: the report opens from the cache).
    expect(bridge.inputsOf('history:campaignReport')).toEqual([
      { campaignId: 'c1', kept: true },
      { campaignId: 'c1' },
    ]);
    expect(bridge.inputsOf('history:campaignNumbers')).toEqual([
      { campaignId: 'c1', query: '', page: 1, perPage: 50 },
    ]);
    expect(document.body.textContent).toContain('Promoção de Março');
    expect(text('report-status')).toBe('Enviando');
    // When the service first accepted a batch (10:01), not when the owner clicked Send (10:00).
    expect(text('report-queued-at')).toBe('Enviada em 14/03/2025, 10:01');
    expect(text('report-cost')).toBe('Cobrado pelo serviço: R$ 90,00');
    expect(text('summary-delivered')).toContain('700');
    expect(text('summary-waiting')).toContain('150');
    expect(text('summary-notSent')).toContain('50');

    expect(text('batch-0')).toContain('Envio 1');
    expect(text('batch-0')).toContain('Enviado');
    expect(text('batch-0')).toContain('700 entregues, 20 com falha');
    expect(byTestId('batch-0').querySelector('a')!.getAttribute('href')).toContain(`/history/${SEND_ID}`);
    expect(text('batch-2')).toContain('Em espera');
    expect(text('batch-2')).toContain('Saldo insuficiente');

    expect(text('number-+5511900000001')).toContain('Número inválido');
    expect(text('number-+5511987650001')).toContain('Conceição Araújo');
    // Each number's clicks, as the CSV export has them.
    expect(byTestId('numbers-table').textContent).toContain('Cliques');
    expect(text('number-+5511987650001')).toMatch(/Entregue.*2/);
    expect(text('report-numbers-count')).toBe('2 números');
    // Still sending: it says it keeps itself up to date.
    expect(document.body.textContent).toContain(
      'Atualizando sozinho enquanto houver mensagens em andamento.',
    );
    expect(byTestId('report-back').getAttribute('href')).toContain('/campaigns/c1');
  });

  it('a campaign all sent is “Entregando” until the service gives every result, and says which failures were charged', async () => {
    const delivering = sampleReport({
      campaign: { ...sampleReport().campaign, status: 'completed' },
      totals: { messages: 1000, delivered: 700, failed: 20, inProgress: 280, waiting: 0, notSent: 0 },
      done: false,
    });
    await openReport(bridgeWith(delivering));
    expect(text('report-status')).toBe('Entregando');
    expect(text('failed-charge')).toBe('As 20 mensagens com falha foram cobradas pelo serviço (R$ 1,80).');
  });

  it('calls a campaign held before anything went out what the campaign page calls it, and not “Enviada”', async () => {
    const held = sampleReport({
      campaign: { ...sampleReport().campaign, status: 'held' },
      totals: { messages: 600, delivered: 0, failed: 0, inProgress: 0, waiting: 600, notSent: 0 },
      series: [],
      batches: [],
    });
    await openReport(bridgeWith(held));
    expect(text('report-status')).toBe('Em espera');
    expect(text('report-queued-at')).toBe('Posta na fila em 14/03/2025, 10:00, nada enviado ainda');
  });

  it('a campaign whose messages wait for their hours is “Agendada” with when, never “Enviada em” the click; who was taken out is counted', async () => {
    const waiting = sampleReport({
      campaign: {
        ...sampleReport().campaign,
        status: 'queued',
        scheduled: {
          messages: 3,
          firstAt: '2025-03-17T12:00:00.000Z',
          lastAt: '2025-03-17T14:00:00.000Z',
          charged: 0,
          waitsAll: true,
        },
        removed: {
          optedOut: 1,
          blocked: [
            { list: { id: 'procon-sp', kind: 'procon-sp', name: null }, count: 5 },
            { list: { id: 'owner-9f', kind: 'owner', name: 'Ex-clientes' }, count: 2 },
          ],
          cap: 0,
          erased: 0,
        },
      },
      totals: { messages: 3, delivered: 0, failed: 0, inProgress: 0, waiting: 3, notSent: 0 },
      series: [],
      batches: [],
    });
    await openReport(bridgeWith(waiting));
    expect(text('report-status')).toBe('Agendada');
    expect(text('report-queued-at')).toBe(
      'Sai de 17/03/2025, 09:00 a 17/03/2025, 11:00 (horário de Brasília), no horário de cada cliente',
    );
    expect(text('campaign-removed-optedOut')).toBe('1 descadastrado depois do envio');
    expect(text('campaign-removed-blocked-procon-sp')).toBe('5 bloqueados pelo Procon-SP depois do envio');
    expect(text('campaign-removed-blocked-owner-9f')).toBe(
      '2 bloqueados pela sua lista “Ex-clientes” depois do envio',
    );
  });

  it('filters by status and searches once the typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bridge } = await openReport();
    await click(byTestId('number-filter-failed').querySelector('input')!);
    expect(bridge.inputsOf('history:campaignNumbers').at(-1)).toEqual({
      campaignId: 'c1',
      query: '',
      page: 1,
      perPage: 50,
      status: 'failed',
    });

    const search = byTestId('report-search').querySelector('input')!;
    for (const typed of ['c', 'co', 'con']) {
      search.value = typed;
      search.dispatchEvent(new Event('input'));
    }
    await flushPromises();
    const before = bridge.inputsOf('history:campaignNumbers').length;
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const after = bridge.inputsOf('history:campaignNumbers');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ query: 'con', status: 'failed', page: 1 });

    await click(byTestId('number-filter-all').querySelector('input')!);
    expect(bridge.inputsOf('history:campaignNumbers').at(-1)).toEqual({
      campaignId: 'c1',
      query: 'con',
      page: 1,
      perPage: 50,
    });
  });

  it('exports the CSV and says where; says so when some results may be old', async () => {
    const bridge = bridgeWith(sampleReport({ stale: true }));
    await openReport(bridge);
    expect(text('report-stale')).toContain('O serviço de SMS não respondeu');
    await click(byTestId('report-export'));
    expect(bridge.inputsOf('history:exportCampaign')).toEqual([{ campaignId: 'c1' }]);
    expect(document.body.textContent).toContain(
      'Arquivo salvo: torpedo-campanha-promocao-de-marco-2025-03-14.csv',
    );

    bridge.reply('history:exportCampaign', { saved: true, fileName: 'x.csv', count: 1200, stale: true });
    await click(byTestId('report-export'));
    expect(document.body.textContent).toContain(
      'Arquivo salvo: x.csv. Alguns resultados podem estar desatualizados',
    );
  });

  it('reads itself again while the campaign is unfinished, and stops once done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bridge = bridgeWith();
    await openReport(bridge);
    expect(bridge.inputsOf('history:campaignReport')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(REPORT_REFRESH_MS);
    expect(bridge.inputsOf('history:campaignReport')).toHaveLength(3);

    bridge.reply(
      'history:campaignReport',
      sampleReport({ done: true, campaign: { ...sampleReport().campaign, status: 'completed' } }),
    );
    await vi.advanceTimersByTimeAsync(REPORT_REFRESH_MS);
    expect(bridge.inputsOf('history:campaignReport')).toHaveLength(4);
    expect(text('report-status')).toBe('Concluída');
    await vi.advanceTimersByTimeAsync(REPORT_REFRESH_MS * 3);
    expect(bridge.inputsOf('history:campaignReport')).toHaveLength(4);
    expect(document.body.textContent).not.toContain('Atualizando sozinho');

    // The core's background refresh says this campaign changed: read it again.
    bridge.emit('history:updated', { sendIds: [SEND_ID], campaignIds: ['c1'] });
    await flushPromises();
    expect(bridge.inputsOf('history:campaignReport')).toHaveLength(5);
    bridge.emit('history:updated', { sendIds: ['x'], campaignIds: ['other'] });
    await flushPromises();
    expect(bridge.inputsOf('history:campaignReport')).toHaveLength(5);
  });

  it('opens at once with what was kept, says it is updating from the service, then shows the service’s', async () => {
    let release: (() => void) | undefined;
    const kept = sampleReport({
      kept: true,
      fetchedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      totals: { messages: 1200, delivered: 100, failed: 5, inProgress: 895, waiting: 150, notSent: 50 },
    });
    const bridge = bridgeWith().handle('history:campaignReport', async (input) => {
      if (input.kept) return ok(kept);
      await new Promise<void>((resolve) => (release = resolve));
      return ok(sampleReport());
    });
    await openReport(bridge);
    expect(text('summary-delivered')).toContain('100');
    expect(text('report-refreshing')).toBe(
      'Mostrando o que estava salvo neste computador há 5 minutos; atualizando com o serviço de SMS…',
    );

    release!();
    await flushPromises();
    expect(text('summary-delivered')).toContain('700');
    expect(queryTestId('report-refreshing')).toBeNull();
  });

  it('explains a campaign it cannot find, and an empty one', async () => {
    const bridge = installFakeBridge()
      .reply('session:get', signedInDemo)
      .fail('history:campaignReport', 'not_found');
    await openReport(bridge);
    expect(document.body.querySelector('[role="alert"]')).not.toBeNull();
    expect(queryTestId('report-export')).not.toBeNull();
    expect((byTestId('report-export') as HTMLButtonElement).disabled).toBe(true);

    const empty = bridgeWith(
      sampleReport({
        totals: { messages: 0, delivered: 0, failed: 0, inProgress: 0, waiting: 0, notSent: 0 },
        batches: [],
        series: [],
        cost: null,
        done: true,
      }),
    ).handle('history:campaignNumbers', (input) => ok(sampleCampaignNumbers(input, 0)));
    await openReport(empty, 'en');
    expect(text('chart-empty')).toBe('The chart appears once the first messages have gone out.');
    expect(text('report-numbers-empty')).toBe('This campaign has no messages yet.');
    expect(queryTestId('batches-table')).toBeNull();
  });
});
