import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HistoryView from '@renderer/views/history/HistoryView.vue';
import SendDetailView from '@renderer/views/history/SendDetailView.vue';
import { SEND_REFRESH_MS } from '@renderer/stores/history/use-history-store';
import { installFakeBridge, ok, signedInDemo } from '../support/fake-bridge';
import { SEND_ID, sampleSend, sampleSendNumbers, sampleSends } from './history-samples';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
afterEach(() => {
  vi.useRealTimers();
});

const text = (id: string) => squash(byTestId(id).textContent);

describe('HistoryView (with a fake bridge)', () => {
  it('lists sends with their campaign, status and results, each opening its page', async () => {
    const bridge = installFakeBridge()
      .reply('session:get', signedInDemo)
      .reply('history:sends', sampleSends());
    const { router } = await mountInApp(HistoryView);
    await router.push('/history');
    await flushPromises();
    expect(bridge.inputsOf('history:sends')).toEqual([{ page: 1 }]);

    const row = text(`send-${SEND_ID}`);
    expect(row).toContain('14/03/2025');
    expect(row).toContain('Promoção de Março');
    expect(row).toContain('envio 1');
    expect(row).toContain('1.000');
    expect(row).toContain('Enviando');
    expect(row).toContain('700 entregues, 20 com falha');
    expect(byTestId(`send-campaign-${SEND_ID}`).getAttribute('href')).toContain('/campaigns/c1/report');
    const open = byTestId(`send-open-${SEND_ID}`);
    expect(open.getAttribute('href')).toContain(`/history/${SEND_ID}`);
    expect(open.getAttribute('aria-label')).toMatch(/^Abrir o envio de 14\/03\/2025/);

    const single = text('send-single-1');
    expect(single).toContain('Envio avulso');
    expect(single).toContain('Concluído');
    expect(single).toContain('Abra para ver');
  });

  it('fits 1280 px in English: the result and the campaign wrap between words, short cells keep to one line', async () => {
    installFakeBridge().reply('session:get', signedInDemo).reply('history:sends', sampleSends());
    const { router } = await mountInApp(HistoryView, { locale: 'en' });
    await router.push('/history');
    await flushPromises();
    // The whole table on one line each pushed "Result" past the window's edge.
    expect(byTestId('history-table').parentElement!.classList.contains('data-table--nowrap')).toBe(false);
    const result = byTestId(`send-result-${SEND_ID}`);
    expect(squash(result.textContent)).toBe('700 delivered, 20 failed');
    expect(result.classList.contains('data-table__cell--nowrap')).toBe(false);
    const cells = [...byTestId(`send-${SEND_ID}`).children];
    expect(cells.map((c) => c.classList.contains('data-table__cell--nowrap'))).toEqual([
      true, // date
      false, // campaign
      true, // messages
      true, // status
      false, // result
      true, // type
    ]);
  });

  it('lists a test from the composer as its campaign’s test, with how it went', async () => {
    installFakeBridge().reply('session:get', signedInDemo).reply('history:sends', sampleSends());
    const { router } = await mountInApp(HistoryView);
    await router.push('/history');
    await flushPromises();

    const row = text('send-test-1');
    expect(row).toContain('Teste da campanha Promoção de Março');
    expect(row).not.toContain('Envio avulso');
    expect(text('send-result-test-1')).toBe('Entregue');
    expect(byTestId('send-test-1').querySelector('a[href="/campaigns/c1"]')).not.toBeNull();
  });

  it('keeps the page in the address, and says when the list is the saved copy', async () => {
    const bridge = installFakeBridge()
      .reply('session:get', signedInDemo)
      .handle('history:sends', (input) =>
        ok(sampleSends({ page: input.page ?? 1, lastPage: 3, total: 45, stale: true })),
      );
    const { router } = await mountInApp(HistoryView);
    await router.push('/history?page=2');
    await flushPromises();
    expect(bridge.inputsOf('history:sends')).toEqual([{ page: 2 }]);
    expect(text('history-stale')).toContain('O serviço de SMS não respondeu');

    await click(
      byTestId('history-pages').querySelector<HTMLElement>('.n-pagination-item--button:last-child')!,
    );
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/history?page=3');
    expect(bridge.inputsOf('history:sends').map((i) => i.page)).toEqual([2, 3]);
  });

  it('offers to try again when nothing could be read', async () => {
    const bridge = installFakeBridge()
      .reply('session:get', signedInDemo)
      .fail('history:sends', 'network_error');
    const { router } = await mountInApp(HistoryView);
    await router.push('/history');
    await flushPromises();
    expect(document.body.querySelector('[role="alert"]')).not.toBeNull();
    bridge.reply('history:sends', sampleSends({ sends: [], total: 0 }));
    await click(
      [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Tentar de novo'))!,
    );
    expect(text('history-empty')).toContain('Nenhum envio ainda');
  });
});

describe('SendDetailView (with a fake bridge)', () => {
  function bridgeWith(send = sampleSend()) {
    return installFakeBridge()
      .reply('session:get', signedInDemo)
      .reply('history:send', send)
      .handle('history:numbers', (input) => ok(sampleSendNumbers(input)));
  }

  async function openSend(bridge = bridgeWith()) {
    const mounted = await mountInApp(SendDetailView);
    await mounted.router.push(`/history/${SEND_ID}`);
    await flushPromises();
    return { ...mounted, bridge };
  }

  it('shows the summary and the numbers, filtered by status', async () => {
    const { bridge } = await openSend();
    expect(bridge.inputsOf('history:send')).toEqual([{ id: SEND_ID }]);
    expect(bridge.inputsOf('history:numbers')).toEqual([{ id: SEND_ID, page: 1, perPage: 50 }]);
    expect(text('send-status')).toBe('Enviando');
    expect(text('send-cost')).toBe('R$ 0,36');
    expect(byTestId(`send-campaign-${SEND_ID}`).getAttribute('href')).toContain('/campaigns/c1/report');
    expect(text('summary-failed')).toContain('1');
    // The service gave no cost for the failed message: said to be unknown, never "not charged".
    expect(text('failed-charge')).toBe('O serviço não informou se a mensagem com falha foi cobrada.');
    expect(text('number-+5511900000001')).toContain('Número inválido');
    expect(text('number-+5511987650001')).toContain('Em andamento');
    expect(text('numbers-count')).toBe('2 números');

    await click(byTestId('number-filter-failed').querySelector('input')!);
    expect(bridge.inputsOf('history:numbers').at(-1)).toEqual({
      id: SEND_ID,
      page: 1,
      perPage: 50,
      status: 'failed',
    });
  });

  it('says the cost is unknown when the service did not give it, and which failures it charged', async () => {
    const send = sampleSend({
      cost: null,
      counts: { total: 4, delivered: 1, failed: 3, inProgress: 0, done: true },
      failedCharge: { charged: 1, chargedAmount: 0.09, notCharged: 1, unknown: 1 },
    });
    await openSend(bridgeWith(send));
    expect(text('send-cost')).toBe('Não informado pelo serviço');
    expect(text('failed-charge')).toBe(
      'Das 3 mensagens com falha: 1 foi cobrada (R$ 0,09), 1 não foi cobrada e 1 sem informação de cobrança do serviço.',
    );
  });

  it('reads the send again while it is in progress, and stops once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bridge } = await openSend();
    expect(text('send-following')).toContain('Atualizando sozinho');
    await vi.advanceTimersByTimeAsync(SEND_REFRESH_MS);
    expect(bridge.inputsOf('history:send')).toHaveLength(2);
    expect(bridge.inputsOf('history:numbers')).toHaveLength(2);

    bridge.reply(
      'history:send',
      sampleSend({
        status: 'completed',
        counts: { total: 4, delivered: 3, failed: 1, inProgress: 0, done: true },
      }),
    );
    await vi.advanceTimersByTimeAsync(SEND_REFRESH_MS);
    expect(bridge.inputsOf('history:send')).toHaveLength(3);
    expect(text('send-status')).toBe('Concluído');
    await vi.advanceTimersByTimeAsync(SEND_REFRESH_MS * 3);
    expect(bridge.inputsOf('history:send')).toHaveLength(3);
    expect(queryTestId('send-following')).toBeNull();
  });

  it('says when it shows the saved copy', async () => {
    const bridge = bridgeWith().reply('history:send', sampleSend({ stale: true }));
    await openSend(bridge);
    expect(text('send-stale')).toContain('O serviço de SMS não respondeu');
  });
});
