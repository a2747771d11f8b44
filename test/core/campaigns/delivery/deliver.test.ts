/**
 * The worker delivering campaigns the composer froze (the real core, its
 * channels and a real sandbox): every message exactly once (the sandbox's
 * ledger is the proof), in the shape the wire wants, with progress events
 * and a notification when it finishes.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import type { CampaignProgressView } from '@shared/dto/campaigns';
import { newKey, useSandbox } from '../../api/sandbox-harness';
import { composeAndSend, startCampaignCore, type CampaignCore } from '../../../support/core-harness';
import { eventually, startDelivery } from '../../../support/delivery-harness';
import { freezeCampaign, numbered } from './frozen-campaign';

const progressOf = (c: CampaignCore, id: string) =>
  c.call<CampaignProgressView>('campaigns:progress', { id });
const completed = (c: CampaignCore, id: string) =>
  eventually(async () => {
    const p = await progressOf(c, id);
    expect(p.status).toBe('completed');
    return p;
  });

describe('outbox worker: delivery', () => {
  it('delivers a 12,000-message campaign (3 batches) once: every reference in the ledger exactly once', async () => {
    const sandbox = await useSandbox();
    const key = newKey('deliver');
    const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url });
    await c.call('credits:buy', { quantity: 50_000 });
    const campaign = await composeAndSend(c, { contacts: 12_000 });
    expect(campaign.view.progress).toMatchObject({ batches: { total: 3 }, messages: { total: 12_000 } });

    const view = await completed(c, campaign.id);
    expect(view).toMatchObject({
      batches: { accepted: 3, total: 3, queued: 0, sending: 0 },
      messages: { accepted: 12_000, total: 12_000 },
      hold: null,
    });
    const ledger = await sandbox.ledger(key);
    expect(ledger.messages.map((m) => m.reference).sort()).toEqual([...campaign.references].sort());
    // Each batch is settled by its own send, holding exactly its messages, numbers and texts as frozen.
    const batches = c.db
      .prepare(
        'SELECT batch, attempts, send_id AS sendId FROM campaign_batches WHERE campaign_id = ? ORDER BY batch',
      )
      .all(campaign.id) as { batch: number; attempts: number; sendId: string }[];
    expect(batches.map((b) => b.attempts)).toEqual([1, 1, 1]);
    const frozen = c.db
      .prepare('SELECT batch, position, phone, message FROM campaign_messages WHERE campaign_id = ?')
      .all(campaign.id) as { batch: number; position: number; phone: string; message: string }[];
    const bySend = new Map(batches.map((b) => [b.sendId, b.batch]));
    const sent = new Map(ledger.messages.map((m) => [m.reference, m]));
    const ref = campaign.references[0]!.split('-')[0];
    for (const m of frozen) {
      const got = sent.get(`${ref}-${m.batch}-${m.position}`)!;
      expect(got).toMatchObject({ phone: m.phone, message: m.message });
      expect(bySend.get(got.sendId)).toBe(m.batch);
    }
    // Progress went out on the way, ending with the finished campaign; a notification says so.
    expect(c.progress.at(-1)).toMatchObject({ status: 'completed', messages: { accepted: 12_000 } });
    expect(c.progress.some((p) => p.status === 'sending' && p.messages.accepted === 5_000)).toBe(true);
    expect(c.host.notifications).toContainEqual({
      title: 'Campaign sent: Oferta de sábado',
      body: '12,000 of 12,000 messages accepted by the service.',
    });
  });

  // A schedule of the campaign's own keeps it in the outbox until then (last-moment.test.ts); a message
  // timed later than its batch carries its `schedule` (rules/campaign-schedules.test.ts).
  it("sends the campaign's options in the wire's names: SMS type, flash, link tracking, callback, sender", async () => {
    const sandbox = await useSandbox();
    const key = newKey('options');
    const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url });
    const campaign = await composeAndSend(c, {
      contacts: 3,
      options: {
        smsTypeId: 2,
        flash: true,
        linkTracking: 'shorten',
        callbackUrl: 'https://loja.example/callback',
        from: 'LOJA',
      },
    });
    await completed(c, campaign.id);
    const sendId = c.db
      .prepare('SELECT send_id FROM campaign_batches WHERE campaign_id = ?')
      .pluck()
      .get(campaign.id);
    const detail = await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).getSend(
      sendId as string,
    );
    expect(detail).toMatchObject({ type: 'Premium', quantity: 3 });
    const ledger = await sandbox.ledger(key);
    expect(ledger.messages.map((m) => m.schedule)).toEqual([null, null, null]);
  });

  it('a campaign of another profile (the demo, say) is never sent with this account', async () => {
    const sandbox = await useSandbox();
    const key = newKey('profiles');
    const c = await startDelivery();
    const demo = freezeCampaign(c.db, { messages: numbered(2), profile: 'demo' });
    const mine = freezeCampaign(c.db, { messages: numbered(2) });
    await c.signIn(key, sandbox.url);
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: mine.id })).status).toBe('completed'),
    );
    expect(
      c.db.prepare('SELECT state, attempts FROM campaign_batches WHERE campaign_id = ?').get(demo.id),
    ).toEqual({
      state: 'queued',
      attempts: 0,
    });
    expect((await sandbox.ledger(key)).messages).toHaveLength(2);
  });
});
