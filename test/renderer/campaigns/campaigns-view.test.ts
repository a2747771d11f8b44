import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CampaignsView from '@renderer/views/campaigns/CampaignsView.vue';
import { fail, installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { mountAt, sampleCampaign, sampleProgress, summaryOf } from './campaign-samples';

enableAutoUnmount(afterEach);
// Whole pages mount here: on a busy two-core machine the first one can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns', component: CampaignsView },
  { path: '/campaigns/:id/edit', component: { render: () => null } },
];
const rowsOf = (kind: string) =>
  [...byTestId(`campaigns-${kind}`).querySelectorAll('[data-testid="campaign-row"]')].map((row) =>
    squash(row.textContent),
  );

const draft = sampleCampaign({ id: 'd1', name: 'Rascunho de Páscoa' });
const active = sampleCampaign({
  id: 'a1',
  name: 'Black Friday',
  status: 'held',
  queuedAt: '2025-03-14T13:06:00.000Z',
  progress: sampleProgress({
    campaignId: 'a1',
    status: 'held',
    hold: { code: 'insufficient_balance', message: 'x', needed: 30 },
  }),
});
const finished = sampleCampaign({
  id: 'f1',
  name: 'Dia das Mães',
  status: 'completed',
  queuedAt: '2025-03-10T13:06:00.000Z',
  totals: { recipients: 1200, messages: 1200, segments: 1300, unitPrice: 0.09, cost: 117, rules: null },
  progress: sampleProgress({
    campaignId: 'f1',
    status: 'completed',
    batches: { queued: 0, sending: 0, accepted: 1, held: 0, failed: 0, cancelled: 0, total: 1 },
    messages: { accepted: 1200, total: 1200 },
    // Every message reached a final state: finished, not 'Entregando'.
    delivery: { delivered: 1190, failed: 10, onTheWay: 0, final: true },
    etaSeconds: null,
    spend: {
      charged: { messages: 1200, segments: 1300, cost: 117 },
      pending: { messages: 0, segments: 0, cost: 0 },
    },
  }),
});

describe('CampaignsView', () => {
  it('groups active, drafts and finished campaigns, each with what can be done to it', async () => {
    installFakeBridge().reply('campaigns:list', [draft, active, finished].map(summaryOf));
    await mountAt('/campaigns', routes);

    const [activeRow] = rowsOf('active');
    expect(activeRow).toContain('Black Friday');
    expect(activeRow).toContain('Em espera');
    expect(activeRow).toContain('Enviada em 14/03/2025, 10:06');
    expect(activeRow).toContain('5.000 de 20.000 mensagens enviadas');
    expect(activeRow).toContain('faltam R$ 30,00');
    expect(byTestId('campaigns-active').querySelector('[data-testid="campaign-delete"]')).toBeNull();

    expect(rowsOf('draft')[0]).toContain('Rascunho de Páscoa');
    expect(byTestId('campaigns-draft').querySelector('a')!.getAttribute('href')).toBe('/campaigns/d1/edit');

    // What the service took (a cancelled campaign's batches that never left cost nothing).
    expect(rowsOf('finished')[0]).toContain('1.200 destinatários · R$ 117,00 cobrados');
    expect(byTestId('campaign-report-link').getAttribute('href')).toBe('/campaigns/f1/report');
  });

  it('a campaign all sent but not all delivered is “Entregando”, in progress, with the service’s counts', async () => {
    const sent = (id: string, final: boolean, onTheWay: number) =>
      sampleCampaign({
        id,
        name: `Saldão ${id}`,
        status: 'completed',
        queuedAt: '2025-03-10T13:06:00.000Z',
        progress: sampleProgress({
          campaignId: id,
          status: 'completed',
          batches: { queued: 0, sending: 0, accepted: 1, held: 0, failed: 0, cancelled: 0, total: 1 },
          messages: { accepted: 1200, total: 1200 },
          delivery: { delivered: 1200 - 12 - onTheWay, failed: 12, onTheWay, final },
          etaSeconds: null,
        }),
      });
    installFakeBridge().reply('campaigns:list', [sent('s1', false, 8), sent('s2', true, 0)].map(summaryOf));
    await mountAt('/campaigns', routes);

    const [delivering] = rowsOf('active');
    expect(delivering).toContain('Saldão s1');
    expect(delivering).toContain('Entregando');
    expect(delivering).not.toContain('Concluída');
    expect(delivering).toContain('1.180 entregues · 12 com falha · 8 a caminho');
    const [done] = rowsOf('finished');
    expect(done).toContain('Concluída');
    expect(done).toContain('1.188 entregues · 12 com falha');
    expect(done).not.toContain('a caminho');
  });

  it('deletes only after a confirmation, and duplicates into the composer', async () => {
    let list = [draft, finished].map(summaryOf);
    const bridge = installFakeBridge()
      .handle('campaigns:list', () => ok(list))
      .handle('campaigns:delete', ({ id }) => {
        list = list.filter((c) => c.id !== id);
        return ok({ deleted: true as const });
      })
      .handle('campaigns:duplicate', () =>
        ok(sampleCampaign({ id: 'copy-1', name: 'Dia das Mães (cópia)' })),
      );
    const { router } = await mountAt('/campaigns', routes);

    await click(
      byTestId('campaigns-finished').querySelector<HTMLElement>('[data-testid="campaign-delete"]')!,
    );
    expect(bridge.inputsOf('campaigns:delete')).toEqual([]);
    expect(document.body.textContent).toContain('Excluir a campanha “Dia das Mães”?');
    expect(document.body.textContent).toContain('continuam no histórico');
    await click(byTestId('campaign-delete-confirm'));
    expect(bridge.inputsOf('campaigns:delete')).toEqual([{ id: 'f1' }]);
    expect(queryTestId('campaigns-finished')).toBeNull();

    await click(
      byTestId('campaigns-draft').querySelector<HTMLElement>('[data-testid="campaign-duplicate"]')!,
    );
    expect(bridge.inputsOf('campaigns:duplicate')).toEqual([{ id: 'd1' }]);
    expect(router.currentRoute.value.path).toBe('/campaigns/copy-1/edit');
  });

  it('invites the first campaign when there is none, and creates it', async () => {
    const bridge = installFakeBridge()
      .reply('campaigns:list', [])
      .reply('campaigns:create', sampleCampaign({ id: 'new-1', name: '' }));
    const { router } = await mountAt('/campaigns', routes);
    expect(squash(byTestId('campaigns-empty').textContent)).toContain('Nenhuma campanha ainda');
    await click(byTestId('campaign-new'));
    expect(bridge.inputsOf('campaigns:create')).toEqual([{}]);
    expect(router.currentRoute.value.path).toBe('/campaigns/new-1/edit');
  });

  it('explains a failure to load, and tries again', async () => {
    let fails = true;
    installFakeBridge().handle('campaigns:list', () => (fails ? fail('internal_error') : ok([])));
    await mountAt('/campaigns', routes);
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Algo deu errado');
    fails = false;
    await click(
      [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.includes('Tentar'))!,
    );
    expect(queryTestId('campaigns-empty')).not.toBeNull();
  });
});
