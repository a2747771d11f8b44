/**
 * Holds: no credit (402, or not enough before the first batch when partial
 * sends are off), quiet hours, a batch that keeps failing, a batch the
 * service refuses. Each says why, notifies, and lifts when its cause does.
 * The credit holds run on the whole core with campaigns the composer froze
 * and purchases through `credits:buy`; the others on the delivery with the
 * SQL fixture, which gives them small batches to work with.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { newKey, useSandbox } from '../../api/sandbox-harness';
import { json, startStub } from '../../api/stub-server';
import type { CampaignProgressView } from '@shared/dto/campaigns';
import { composeAndSend, startCampaignCore } from '../../../support/core-harness';
import { eventually, startDelivery, type DeliveryUnderTest } from '../../../support/delivery-harness';
import { freezeCampaign, numbered } from './frozen-campaign';

const SEND = 'POST /v1/sms/send/multiple';
const statusOf = async (c: DeliveryUnderTest, id: string) => c.call('campaigns:progress', { id });
const completed = (c: DeliveryUnderTest, id: string) =>
  eventually(async () => expect((await statusOf(c, id)).status).toBe('completed'));

describe('outbox worker: holds', () => {
  it('partial sends off: held before the first batch when the balance cannot cover the whole campaign; a purchase resumes it', async () => {
    const sandbox = await useSandbox();
    const key = newKey('credit');
    const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url });
    // About R$ 90 (1000 messages at R$ 0.09) against the seeded R$ 50.
    const campaign = await composeAndSend(c, { contacts: 1000, name: 'Sem saldo' });
    const cost = campaign.view.totals!.cost!;
    expect(cost).toBeGreaterThan(50);
    const held = await eventually(async () => {
      const p = await c.call<CampaignProgressView>('campaigns:progress', { id: campaign.id });
      expect(p.status).toBe('held');
      return p;
    });
    expect(held.hold).toMatchObject({
      code: 'insufficient_balance',
      needed: Math.round((cost - 50) * 100) / 100,
    });
    expect(held.batches).toMatchObject({ queued: 1, accepted: 0 });
    expect((await sandbox.ledger(key)).messages).toHaveLength(0);
    expect(c.host.notifications).toContainEqual({
      title: 'Campaign on hold: Sem saldo',
      body: `Not enough credit: R$\u00a0${(cost - 50).toFixed(2)} more is needed. Sending resumes by itself after you buy credits.`,
    });

    // Buying credits (the core's own purchase, the sandbox's test card) announces the new balance: the campaign goes on.
    await c.call('credits:buy', { quantity: 1000 });
    await eventually(async () =>
      expect((await c.call<CampaignProgressView>('campaigns:progress', { id: campaign.id })).status).toBe(
        'completed',
      ),
    );
    const refs = (await sandbox.ledger(key)).messages.map((m) => m.reference);
    expect(refs.sort()).toEqual([...campaign.references].sort());
  });

  it('partial sends on: batches go out until a 402; held for the next batch, which is not lost; a purchase resumes it', async () => {
    const sandbox = await useSandbox();
    const key = newKey('partial');
    const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url, language: 'pt-BR' });
    // R$ 50 + 5000 credits (R$ 400) pays for the first batch of 5000 at R$ 0.09 and nothing more.
    await c.call('credits:buy', { quantity: 5000 });
    const campaign = await composeAndSend(c, {
      contacts: 7000,
      name: 'Parcial',
      template: 'Oferta de sabado, {{nome}}!',
      allowPartial: true,
    });
    const [first, second] = c.db
      .prepare('SELECT cost FROM campaign_batches WHERE campaign_id = ? ORDER BY batch')
      .pluck()
      .all(campaign.id) as number[];
    expect(first).toBe(450);
    const held = await eventually(async () => {
      const p = await c.call<CampaignProgressView>('campaigns:progress', { id: campaign.id });
      expect(p.status).toBe('held');
      return p;
    });
    expect(held).toMatchObject({
      hold: { code: 'insufficient_balance', needed: second, batch: 1 },
      batches: { accepted: 1, queued: 1 },
      messages: { accepted: 5000, total: 7000 },
    });
    expect(
      c.db
        .prepare('SELECT state, attempts FROM campaign_batches WHERE campaign_id = ? AND batch = 1')
        .get(campaign.id),
    ).toEqual({
      state: 'queued',
      attempts: 0,
    });
    expect(c.host.notifications).toContainEqual({
      title: 'Campanha em espera: Parcial',
      body: `Saldo insuficiente: faltam R$\u00a0${second!.toFixed(2).replace('.', ',')}. O envio continua sozinho depois de comprar créditos.`,
    });

    await c.call('credits:buy', { quantity: 5000 });
    await eventually(async () =>
      expect((await c.call<CampaignProgressView>('campaigns:progress', { id: campaign.id })).status).toBe(
        'completed',
      ),
    );
    const refs = (await sandbox.ledger(key)).messages.map((m) => m.reference);
    expect(refs.sort()).toEqual([...campaign.references].sort());
  });

  it('a campaign frozen before any price was known: held on a 402 without a figure; resumes once the balance grows', async () => {
    const sandbox = await useSandbox();
    const key = newKey('noprice');
    const c = await startDelivery();
    const frozen = freezeCampaign(c.db, { messages: numbered(1000), allowPartial: true });
    c.db.prepare('UPDATE campaigns SET cost = NULL, unit_price = NULL WHERE id = ?').run(frozen.id);
    c.db.prepare('UPDATE campaign_batches SET cost = 0 WHERE campaign_id = ?').run(frozen.id);
    await c.signIn(key, sandbox.url);
    const held = await eventually(async () => {
      const p = await statusOf(c, frozen.id);
      expect(p.status).toBe('held');
      return p;
    });
    expect(held.hold).toEqual({
      code: 'insufficient_balance',
      batch: 0,
      message: 'Not enough credit for the next batch. Sending resumes by itself after a top-up.',
    });
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1000 });
    await completed(c, frozen.id);
    expect((await sandbox.ledger(key)).messages).toHaveLength(1000);
  });

  it('a batch that keeps failing is held with its reason instead of retried forever; resume tries again', async () => {
    const sandbox = await useSandbox();
    const key = newKey('failing');
    await sandbox.faults([{ route: SEND, fault: 'status', status: 500 }]);
    const c = await startDelivery({ timings: { maxAttempts: 3 } });
    const frozen = freezeCampaign(c.db, { messages: numbered(5) });
    await c.signIn(key, sandbox.url);
    const held = await eventually(async () => {
      const p = await statusOf(c, frozen.id);
      expect(p.status).toBe('held');
      return p;
    });
    expect(held).toMatchObject({ hold: { code: 'keeps_failing', batch: 0 }, batches: { held: 1 } });
    expect(held.hold!.message).toMatch(/failed 3 times .*500/);
    expect((await sandbox.ledger(key)).messages).toHaveLength(0);

    await sandbox.clearFaults();
    await c.call('campaigns:resume', { id: frozen.id });
    await completed(c, frozen.id);
    expect((await sandbox.ledger(key)).messages).toHaveLength(5);
  });

  it('a redirect (307) on a bulk send holds the campaign with why, the batch not lost; resume sends it once', async () => {
    const sandbox = await useSandbox();
    const key = newKey('redirected');
    await sandbox.faults([{ route: SEND, fault: 'status', status: 307, count: 1 }]);
    const c = await startDelivery();
    const frozen = freezeCampaign(c.db, { messages: numbered(3) });
    await c.signIn(key, sandbox.url);
    const held = await eventually(async () => {
      const p = await statusOf(c, frozen.id);
      expect(p.status).toBe('held');
      return p;
    });
    // Not "completed, 0/3 accepted": held, nothing failed for good, and the reason says what to do.
    expect(held).toMatchObject({ hold: { code: 'rejected' }, batches: { failed: 0 } });
    expect(held.hold!.message).toContain('answered 307');
    expect(held.hold!.message).toContain('resume the campaign');
    expect((await sandbox.ledger(key)).messages).toHaveLength(0);

    await c.call('campaigns:resume', { id: frozen.id });
    await completed(c, frozen.id);
    expect((await sandbox.ledger(key)).messages).toHaveLength(3);
  });

  it("a batch the service refuses (422) fails with the service's reason; the campaign still finishes", async () => {
    const sandbox = await useSandbox();
    const key = newKey('rejected');
    const c = await startDelivery();
    const frozen = freezeCampaign(c.db, { messages: numbered(4), batchSize: 2, options: { smsTypeId: 99 } });
    await c.signIn(key, sandbox.url);
    await completed(c, frozen.id);
    const reasons = c.db
      .prepare('SELECT state, reason FROM campaign_batches WHERE campaign_id = ?')
      .all(frozen.id);
    expect(reasons).toEqual([
      { state: 'failed', reason: 'sms_type_id: Unknown SMS type.' },
      { state: 'failed', reason: 'sms_type_id: Unknown SMS type.' },
    ]);
    expect(c.host.notifications.at(-1)!.body).toBe(
      '0 of 4 messages accepted by the service. 2 batch(es) were refused by the service; see why in the campaign.',
    );
  });

  it('a key the service stops accepting (401 even after a fresh token), against a local stub server: held until signed in again', async () => {
    let refuse = true;
    const stub = await startStub((req, res) => {
      if (req.path.startsWith('/v1/auth/token'))
        return json(res, 200, { token: `tok-${Date.now()}`, mode: 'test' });
      if (req.path.startsWith('/v1/account/balance')) {
        return json(res, 200, { balance: 1000, currency: 'BRL', company: { name: 'Loja', document: null } });
      }
      if (req.path === '/v1/sms/send/multiple' && refuse) {
        return json(res, 401, { code: 'unauthorized', message: 'The key was revoked.' });
      }
      if (req.path === '/v1/sms/send/multiple')
        return json(res, 200, { id: 'send-1', quantity: 2, status: 'queued' });
      return json(res, 404, { code: 'not_found', message: 'No route.' });
    });
    const c = await startDelivery();
    const frozen = freezeCampaign(c.db, { messages: numbered(2) });
    await c.signIn('test_stub_key', stub.url);
    const held = await eventually(async () => {
      const p = await statusOf(c, frozen.id);
      expect(p.status).toBe('held');
      return p;
    });
    expect(held.hold).toMatchObject({ code: 'not_signed_in' });
    expect(c.db.prepare('SELECT state, attempts FROM campaign_batches').get()).toEqual({
      state: 'queued',
      attempts: 0,
    });
    // The client refreshed its token once and tried again before giving up: two sends, both refused.
    expect(stub.requests.filter((r) => r.path === '/v1/sms/send/multiple')).toHaveLength(2);
    expect(c.host.notifications.at(-1)!.title).toBe('Campaign on hold: Campanha de teste');

    refuse = false;
    await c.signIn('test_stub_key_new', stub.url);
    await completed(c, frozen.id);
    expect(c.db.prepare('SELECT send_id FROM campaign_batches').get()).toEqual({ send_id: 'send-1' });
  });
});
