import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etaWords } from '@renderer/components/campaigns/campaign-progress';
import CampaignView from '@renderer/views/campaigns/CampaignView.vue';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { sampleReport } from '../history/history-samples';
import { mountAt, sampleCampaign, sampleProgress } from './campaign-samples';

enableAutoUnmount(afterEach);
// Whole pages mount here: on a busy two-core machine the first one can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '/campaigns/:id', component: CampaignView }];
const bar = () => byTestId('campaign-progress').querySelector('[role="progressbar"]')!;

function sending(progress = sampleProgress()) {
  return sampleCampaign({
    status: progress.status,
    queuedAt: '2025-03-14T13:06:00.000Z',
    totals: { recipients: 20000, messages: 20000, segments: 20000, unitPrice: 0.09, cost: 1800, rules: null },
    progress,
  });
}

describe('the campaign page, following progress events', () => {
  it('moves the bar, the counts and the time left with each event, and ignores an older one', async () => {
    const bridge = installFakeBridge()
      .reply('campaigns:get', sending())
      .handle('campaigns:progress', () => ok(sampleProgress()));
    await mountAt('/campaigns/camp-1', routes);

    expect(bar().getAttribute('aria-valuenow')).toBe('25');
    expect(squash(byTestId('campaign-progress-messages').textContent)).toBe(
      '5.000 de 20.000 mensagens enviadas',
    );
    expect(squash(byTestId('campaign-progress-batches').textContent)).toBe('1 de 4 lotes entregues ao SMSGo');
    expect(squash(byTestId('campaign-progress-eta').textContent)).toBe('cerca de 5 minutos restantes');
    expect(byTestId('campaign-status').dataset.status).toBe('sending');

    bridge.emit(
      'campaigns:progress',
      sampleProgress({
        batches: { queued: 0, sending: 1, accepted: 3, held: 0, failed: 0, cancelled: 0, total: 4 },
        messages: { accepted: 15000, total: 20000 },
        etaSeconds: 40,
        updatedAt: '2025-03-14T13:12:00.000Z',
      }),
    );
    await flushPromises();
    expect(bar().getAttribute('aria-valuenow')).toBe('75');
    expect(squash(byTestId('campaign-progress-batches').textContent)).toBe('3 de 4 lotes entregues ao SMSGo');
    expect(squash(byTestId('campaign-progress-eta').textContent)).toBe('termina em menos de 1 minuto');

    // An event that left before the one shown (events and answers travel separately) changes nothing.
    bridge.emit('campaigns:progress', sampleProgress({ updatedAt: '2025-03-14T13:11:00.000Z' }));
    // Another campaign's event neither.
    bridge.emit(
      'campaigns:progress',
      sampleProgress({
        campaignId: 'other',
        messages: { accepted: 1, total: 1 },
        updatedAt: '2025-03-14T13:20:00.000Z',
      }),
    );
    await flushPromises();
    expect(bar().getAttribute('aria-valuenow')).toBe('75');

    bridge.emit(
      'campaigns:progress',
      sampleProgress({
        status: 'completed',
        batches: { queued: 0, sending: 0, accepted: 4, held: 0, failed: 0, cancelled: 0, total: 4 },
        messages: { accepted: 20000, total: 20000 },
        etaSeconds: null,
        updatedAt: '2025-03-14T13:13:00.000Z',
      }),
    );
    await flushPromises();
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(byTestId('campaign-status').dataset.status).toBe('completed');
    expect(queryTestId('campaign-progress-eta')).toBeNull();
    expect(queryTestId('campaign-pause')).toBeNull();
    expect(queryTestId('campaign-cancel')).toBeNull();
    expect(byTestId('campaign-note').textContent).toContain('Todas as mensagens saíram');
    expect(byTestId('campaign-report-link').getAttribute('href')).toBe('/campaigns/camp-1/report');
  });

  it('shows delivery as it happens: delivered, failed and still on the way, read again as more goes out', async () => {
    const totals = {
      messages: 20000,
      delivered: 3000,
      failed: 100,
      inProgress: 1900,
      waiting: 15000,
      notSent: 0,
    };
    const bridge = installFakeBridge()
      .reply('campaigns:get', sending())
      .handle('campaigns:progress', () => ok(sampleProgress()))
      .handle('history:campaignReport', ({ campaignId }) =>
        ok(sampleReport({ campaign: { ...sampleReport().campaign, id: campaignId }, totals: { ...totals } })),
      )
      .handle('history:campaignNumbers', ({ campaignId }) =>
        ok({ campaignId, rows: [], page: 1, perPage: 50, total: 0, lastPage: 1, status: null, query: '' }),
      );
    await mountAt('/campaigns/camp-1', routes);

    const card = (key: string) =>
      [
        ...byTestId('campaign-delivery').querySelectorAll(
          `[data-testid="summary-${key}"] dt, [data-testid="summary-${key}"] dd`,
        ),
      ]
        .map((cell) => squash(cell.textContent))
        .join(' ');
    expect(card('delivered')).toBe('Entregues 3.000 15%');
    expect(card('failed')).toBe('Com falha 100 0,5%');
    expect(card('inProgress')).toBe('Em andamento 1.900 9,5%');
    expect(card('waiting')).toBe('Aguardando envio 15.000 75%');

    // Another batch goes out: its delivery is read at once, not at the next round.
    Object.assign(totals, { delivered: 9000, inProgress: 5900, waiting: 5000 });
    const reads = bridge.inputsOf('history:campaignReport').length;
    bridge.emit(
      'campaigns:progress',
      sampleProgress({ messages: { accepted: 15000, total: 20000 }, updatedAt: '2025-03-14T13:12:00.000Z' }),
    );
    await flushPromises();
    expect(bridge.inputsOf('history:campaignReport').length).toBe(reads + 1);
    expect(card('delivered')).toBe('Entregues 9.000 45%');
    expect(card('inProgress')).toBe('Em andamento 5.900 29,5%');
  });

  it('says how much balance is missing and offers to buy it, then resumes by itself after a top-up', async () => {
    const held = sampleProgress({
      status: 'held',
      hold: { code: 'insufficient_balance', message: 'Insufficient balance', needed: 12.5 },
      etaSeconds: null,
    });
    const bridge = installFakeBridge()
      .reply('campaigns:get', sending(held))
      .reply('campaigns:progress', held);
    const { router } = await mountAt('/campaigns/camp-1', routes);

    const hold = byTestId('campaign-hold');
    expect(hold.dataset.hold).toBe('insufficient_balance');
    expect(squash(hold.textContent)).toContain('Saldo insuficiente: faltam R$ 12,50 para continuar.');
    expect(squash(hold.textContent)).toContain('a campanha continua sozinha');
    expect(squash(byTestId('campaign-hold-buy').textContent)).toBe('Comprar créditos (faltam R$ 12,50)');

    bridge.emit('campaigns:progress', sampleProgress({ updatedAt: '2025-03-14T13:30:00.000Z' }));
    await flushPromises();
    expect(queryTestId('campaign-hold')).toBeNull();
    expect(byTestId('campaign-status').dataset.status).toBe('sending');

    bridge.emit('campaigns:progress', { ...held, updatedAt: '2025-03-14T13:31:00.000Z' });
    await flushPromises();
    await click(byTestId('campaign-hold-buy'));
    expect(router.currentRoute.value.path).toBe('/credits');
    expect(router.currentRoute.value.query).toEqual({ for: 'camp-1', need: '12.50' });
  });

  it('says when a campaign held outside its sending hours resumes, in the campaign’s time zone', async () => {
    const held = sampleProgress({
      status: 'held',
      hold: { code: 'outside_send_window', message: 'Outside window', until: '2025-03-15T11:00:00.000Z' },
      etaSeconds: null,
    });
    installFakeBridge().reply('campaigns:get', sending(held)).reply('campaigns:progress', held);
    await mountAt('/campaigns/camp-1', routes);
    // 11:00 UTC is 08:00 in São Paulo, whatever zone this machine is in.
    expect(squash(byTestId('campaign-hold').textContent)).toContain('retoma em 15/03/2025, 08:00');
  });

  it('pauses, resumes, and cancels only after saying only unsent batches go', async () => {
    const campaign = sending();
    const bridge = installFakeBridge()
      .reply('campaigns:get', campaign)
      .reply('campaigns:progress', campaign.progress!)
      .handle('campaigns:pause', () =>
        ok({
          ...campaign,
          status: 'paused',
          progress: { ...campaign.progress!, status: 'paused', updatedAt: '2025-03-14T13:15:00.000Z' },
        }),
      )
      .handle('campaigns:resume', () =>
        ok({
          ...campaign,
          status: 'sending',
          progress: { ...campaign.progress!, updatedAt: '2025-03-14T13:16:00.000Z' },
        }),
      )
      .handle('campaigns:cancel', () =>
        ok({
          ...campaign,
          status: 'cancelled',
          progress: { ...campaign.progress!, status: 'cancelled', updatedAt: '2025-03-14T13:17:00.000Z' },
        }),
      );
    await mountAt('/campaigns/camp-1', routes);

    await click(byTestId('campaign-pause'));
    expect(bridge.inputsOf('campaigns:pause')).toEqual([{ id: 'camp-1' }]);
    expect(byTestId('campaign-status').dataset.status).toBe('paused');
    expect(byTestId('campaign-note').textContent).toContain('nenhuma mensagem nova sai');

    // P (outside a text field) resumes a paused campaign.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    await flushPromises();
    expect(bridge.inputsOf('campaigns:resume')).toEqual([{ id: 'camp-1' }]);
    expect(byTestId('campaign-status').dataset.status).toBe('sending');

    await click(byTestId('campaign-cancel'));
    expect(bridge.inputsOf('campaigns:cancel')).toEqual([]);
    expect(document.body.textContent).toContain('Só as mensagens que ainda não saíram são retiradas');
    await click(byTestId('campaign-cancel-confirm'));
    expect(bridge.inputsOf('campaigns:cancel')).toEqual([{ id: 'camp-1' }]);
    expect(byTestId('campaign-status').dataset.status).toBe('cancelled');
  });

  it('held for balance before anything went out: “Em espera”, only Pausar, and no “Enviada”', async () => {
    const held = sampleProgress({
      status: 'held',
      batches: { queued: 1, sending: 0, accepted: 0, held: 0, failed: 0, cancelled: 0, total: 1 },
      messages: { accepted: 0, total: 600 },
      hold: { code: 'insufficient_balance', message: 'Insufficient balance', needed: 4 },
      etaSeconds: null,
    });
    const bridge = installFakeBridge()
      .reply('campaigns:get', sending(held))
      .reply('campaigns:progress', held)
      .handle('campaigns:pause', () => ok({ ...sending(held), status: 'paused' }))
      .reply(
        'history:campaignReport',
        sampleReport({
          campaign: { ...sampleReport().campaign, id: 'camp-1', status: 'held' },
          totals: { messages: 600, delivered: 0, failed: 0, inProgress: 0, waiting: 600, notSent: 0 },
        }),
      );
    await mountAt('/campaigns/camp-1', routes);
    // Nothing went out: no delivery figures yet, the reason it waits is what shows.
    expect(queryTestId('campaign-delivery')).toBeNull();
    expect(byTestId('campaign-hold')).toBeTruthy();

    expect(squash(byTestId('campaign-status').textContent)).toBe('Em espera');
    // It goes on by itself after a purchase: Retomar would change nothing, Pausar keeps it from going.
    expect(queryTestId('campaign-resume')).toBeNull();
    expect(squash(byTestId('campaign-pause').textContent)).toBe('Pausar');
    expect(byTestId('campaign-cancel')).toBeTruthy();
    expect(squash(byTestId('campaign-queued-at').textContent)).toMatch(/^Posta na fila /);
    expect(document.body.textContent).not.toContain('Enviada');
    expect(squash(byTestId('campaign-shortcut').textContent)).toBe('Atalho: P pausa.');

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    await flushPromises();
    expect(bridge.inputsOf('campaigns:pause')).toEqual([{ id: 'camp-1' }]);
    expect(bridge.inputsOf('campaigns:resume')).toEqual([]);
  });

  it('held because a batch kept failing: only Retomar, which tries again', async () => {
    const held = sampleProgress({
      status: 'held',
      hold: { code: 'keeps_failing', message: 'Batch 2 failed 5 times', batch: 1 },
      etaSeconds: null,
    });
    installFakeBridge().reply('campaigns:get', sending(held)).reply('campaigns:progress', held);
    await mountAt('/campaigns/camp-1', routes);

    expect(squash(byTestId('campaign-resume').textContent)).toBe('Retomar');
    expect(queryTestId('campaign-pause')).toBeNull();
    expect(squash(byTestId('campaign-shortcut').textContent)).toBe('Atalho: P retoma.');
    expect(squash(byTestId('campaign-queued-at').textContent)).toMatch(/^Enviada /);
  });

  it('a finished campaign offers neither pause nor resume, nor their shortcut', async () => {
    const done = sampleProgress({
      status: 'completed',
      batches: { queued: 0, sending: 0, accepted: 4, held: 0, failed: 0, cancelled: 0, total: 4 },
      messages: { accepted: 20000, total: 20000 },
      etaSeconds: null,
    });
    installFakeBridge().reply('campaigns:get', sending(done)).reply('campaigns:progress', done);
    await mountAt('/campaigns/camp-1', routes);

    expect(queryTestId('campaign-pause')).toBeNull();
    expect(queryTestId('campaign-resume')).toBeNull();
    expect(queryTestId('campaign-cancel')).toBeNull();
    expect(queryTestId('campaign-shortcut')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Atalho/);
  });

  it('all sent but still being delivered says “Todas enviadas”, not “Terminou”, beside “Entregando”', async () => {
    const out = (final: boolean) =>
      sampleProgress({
        status: 'completed',
        batches: { queued: 0, sending: 0, accepted: 4, held: 0, failed: 0, cancelled: 0, total: 4 },
        messages: { accepted: 20000, total: 20000 },
        delivery: { delivered: final ? 19800 : 3000, failed: 200, onTheWay: final ? 0 : 16800, final },
        etaSeconds: null,
      });
    const shown = (final: boolean) => ({ ...sending(out(final)), finishedAt: '2025-03-14T13:20:00.000Z' });
    installFakeBridge().reply('campaigns:get', shown(false)).reply('campaigns:progress', out(false));
    await mountAt('/campaigns/camp-1', routes);
    expect(squash(byTestId('campaign-finished-at').textContent)).toMatch(/^· Todas enviadas /);
    expect(document.body.textContent).not.toContain('Terminou');
  });

  it('accepted but waiting at the service for the sending rules’ hours: “Agendada”, charged, with when', async () => {
    const waiting = sampleProgress({
      status: 'completed',
      batches: { queued: 0, sending: 0, accepted: 1, held: 0, failed: 0, cancelled: 0, total: 1 },
      messages: { accepted: 3, total: 3 },
      delivery: { delivered: 0, failed: 0, onTheWay: 3, final: false },
      etaSeconds: null,
      scheduled: {
        messages: 3,
        firstAt: '2025-03-17T12:00:00.000Z',
        lastAt: '2025-03-17T14:00:00.000Z',
        charged: 3,
        waitsAll: true,
      },
    });
    installFakeBridge()
      .reply('campaigns:get', { ...sending(waiting), finishedAt: '2025-03-14T13:20:00.000Z' })
      .reply('campaigns:progress', waiting);
    await mountAt('/campaigns/camp-1', routes);
    expect(squash(byTestId('campaign-status').textContent)).toBe('Agendada');
    expect(squash(byTestId('campaign-finished-at').textContent)).toMatch(/^· Aceitas pelo serviço /);
    expect(document.body.textContent).not.toContain('Todas enviadas');
    expect(queryTestId('campaign-queued-at')).toBeNull();
    expect(squash(document.body.textContent)).toContain('0 de 3 mensagens enviadas · 3 agendadas');
    expect(squash(document.body.textContent)).toContain(
      'O serviço aceitou e já cobrou 3 mensagens, agendadas de 17/03/2025, 09:00 a 17/03/2025, 11:00 (horário de Brasília)',
    );
  });

  it('every result in: “Terminou”', async () => {
    const done = sampleProgress({
      status: 'completed',
      batches: { queued: 0, sending: 0, accepted: 4, held: 0, failed: 0, cancelled: 0, total: 4 },
      messages: { accepted: 20000, total: 20000 },
      delivery: { delivered: 19800, failed: 200, onTheWay: 0, final: true },
      etaSeconds: null,
    });
    installFakeBridge()
      .reply('campaigns:get', { ...sending(done), finishedAt: '2025-03-14T13:20:00.000Z' })
      .reply('campaigns:progress', done);
    await mountAt('/campaigns/camp-1', routes);
    expect(squash(byTestId('campaign-finished-at').textContent)).toMatch(/^· Terminou /);
  });

  it('sends a draft to the composer instead', async () => {
    installFakeBridge().reply('campaigns:get', sampleCampaign());
    const { router } = await mountAt('/campaigns/camp-1', [
      ...routes,
      { path: '/campaigns/:id/edit', component: { render: () => null } },
    ]);
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-1/edit');
  });
});

describe('time left', () => {
  it('is said in minutes, then hours', () => {
    expect(etaWords(20)).toEqual({ key: 'etaSoon' });
    expect(etaWords(61)).toEqual({ key: 'etaMinutes', count: 1 });
    expect(etaWords(89 * 60)).toEqual({ key: 'etaMinutes', count: 89 });
    expect(etaWords(3 * 3600)).toEqual({ key: 'etaHours', count: 3 });
  });
});
