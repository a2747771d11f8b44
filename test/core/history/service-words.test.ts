/**
 * Delivery by the service's own counts (issue 22, point 2; issue 21: "Concluída"
 * while all are in progress; whether failed messages were charged), through
 * the real core against the real sandbox. The sandbox writes each message's
 * status in the words asked for (`numberWords`: the Portuguese of the SDKs'
 * vectors, or words Torpedo has never seen) while its summaries and status
 * filter stay the service's; every figure is checked against what the service
 * itself says of the send, read with a plain client.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignProgressView } from '@shared/dto/campaigns';
import type { CampaignNumbersPageView, CampaignReportView } from '@shared/dto/history';
import {
  ALWAYS_DELIVERED,
  FAILS_INVALID,
  FAILS_UNDELIVERED,
  bulkSend,
  insertCampaign,
  openCoreDb,
  serviceClient,
  signedIn,
  useSandbox,
  value,
} from './history-harness';

async function completedCampaign(label: string, numberWords: 'documented' | 'pt' | 'unknown') {
  const sandbox = await useSandbox();
  const shapes = await fetch(`${sandbox.url}/__sandbox/shapes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numberWords }),
  });
  expect(shapes.status).toBe(200);
  const c = await signedIn(sandbox, label);
  const client = serviceClient(sandbox.url, c.key);
  const messages = [ALWAYS_DELIVERED, FAILS_INVALID, FAILS_UNDELIVERED].map((phone) => ({
    phone,
    message: 'Oi',
  }));
  const sendId = await bulkSend(client, messages);
  insertCampaign(
    openCoreDb(c.dataDir),
    { id: 'camp-1', ref: 'w0rd', name: 'Palavras', status: 'completed' },
    [{ state: 'accepted', sendId, messages }],
  );
  return { sandbox, c, client, sendId };
}

const report = async (c: Awaited<ReturnType<typeof signedIn>>) =>
  value<CampaignReportView>(await c.core.dispatch('history:campaignReport', { campaignId: 'camp-1' }));
const phonesUnder = async (c: Awaited<ReturnType<typeof signedIn>>, status: 'delivered' | 'failed') =>
  value<CampaignNumbersPageView>(
    await c.core.dispatch('history:campaignNumbers', {
      campaignId: 'camp-1',
      status,
      query: '',
      page: 1,
      perPage: 20,
    }),
  ).rows.map((r) => [r.phone, r.serviceStatus]);

describe('delivered, failed and on the way are the service’s counts, whatever its words', () => {
  it('Portuguese words (“entregue”, “falhou”): the delivered message is delivered, not failed', async () => {
    const { sandbox, c, client, sendId } = await completedCampaign('pt', 'pt');
    sandbox.advanceClock(60_000);
    const service = (await client.getSend(sendId)).summary!;
    expect(service).toMatchObject({ delivered: 1, failed: 2, done: true });
    const r = await report(c);
    expect(r.totals).toMatchObject({ delivered: 1, failed: 2, inProgress: 0 });
    expect(r.done).toBe(true);
    expect(await phonesUnder(c, 'delivered')).toEqual([[ALWAYS_DELIVERED, 'entregue']]);
    expect((await phonesUnder(c, 'failed')).map(([, word]) => word)).toEqual(['falhou', 'falhou']);
  });

  it('words Torpedo has never seen: counted from the summary, each placed by the service’s status filter', async () => {
    const { sandbox, c, client, sendId } = await completedCampaign('unknown', 'unknown');
    sandbox.advanceClock(60_000);
    const service = (await client.getSend(sendId)).summary!;
    const r = await report(c);
    expect(r.totals).toMatchObject({ delivered: service.delivered, failed: service.failed, inProgress: 0 });
    expect(await phonesUnder(c, 'delivered')).toEqual([[ALWAYS_DELIVERED, 'DELIVRD']]);
    expect((await phonesUnder(c, 'failed')).map(([phone]) => phone).sort()).toEqual(
      [FAILS_INVALID, FAILS_UNDELIVERED].sort(),
    );
  });
});

describe('a campaign is finished when the service says its messages reached a final state', () => {
  it('all batches out but every message on its way: not final, with the counts; final once the service says so', async () => {
    const { sandbox, c } = await completedCampaign('final', 'documented');
    const before = await report(c);
    expect(before.totals).toMatchObject({ delivered: 0, failed: 0, inProgress: 3 });
    expect(before.done).toBe(false);
    const progress = value<CampaignProgressView>(
      await c.core.dispatch('campaigns:progress', { id: 'camp-1' }),
    );
    expect(progress).toMatchObject({
      status: 'completed',
      delivery: { delivered: 0, failed: 0, onTheWay: 3, final: false },
    });

    sandbox.advanceClock(60_000);
    const after = await report(c);
    expect(after.done).toBe(true);
    expect(
      value<CampaignProgressView>(await c.core.dispatch('campaigns:progress', { id: 'camp-1' })),
    ).toMatchObject({
      delivery: { delivered: 1, failed: 2, onTheWay: 0, final: true },
    });
  });

  it('says whether the failed messages were charged, from the service’s own cost of each', async () => {
    const { sandbox, c, client, sendId } = await completedCampaign('charged', 'documented');
    sandbox.advanceClock(60_000);
    const phones = (await client.getSend(sendId)).phones;
    const failedCosts = phones.filter((p) => p.status === 'failed').map((p) => p.cost ?? 0);
    const r = await report(c);
    expect(r.failedCharge).toEqual({
      charged: failedCosts.filter((x) => x > 0).length,
      chargedAmount: Math.round(failedCosts.reduce((a, b) => a + b, 0) * 100) / 100,
      notCharged: failedCosts.filter((x) => x === 0).length,
      unknown: 0,
    });
    expect(r.failedCharge.charged + r.failedCharge.notCharged).toBe(2);
  });
});
