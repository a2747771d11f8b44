import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from '@shared/webhook/signature';
import { HEADERS, PATHS } from '@core/api/wire';
import { webhookEvent } from '@core/api/wire-schemas';
import { MAGIC_PHONES } from '../../src/sandbox';
import { expectSdkAccepts, readAsSdkReceiver } from '../support/sdk-webhook-receiver';
import { call, login, startReceiver, useSandbox, type Received } from '../support/sandbox-http';

const sandbox = useSandbox();
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const events = (r: Received[]) => r.map((x) => webhookEvent.parse(JSON.parse(x.raw)));

describe('sandbox outbound webhooks', () => {
  it('POSTs signed sms.status events, as the SDKs read them, for in progress and delivered/failed', async () => {
    const c = await login(sandbox());
    const { secret } = (await c.put(PATHS.accountWebhook, { url: `${receiver.url}/hook` })).body;
    const send = await c.post(PATHS.smsSendMultiple, {
      messages: [
        { phone: MAGIC_PHONES.delivered, message: 'a', reference: 'order-1' },
        { phone: MAGIC_PHONES.invalidNumber, message: 'b' },
      ],
    });
    sandbox().advanceClock(10_000);
    await receiver.waitFor((r) => r.length >= 4);

    for (const r of receiver.received) {
      expect(r.path).toBe('/hook');
      expect(r.headers['content-type']).toBe('application/json');
      const header = r.headers[HEADERS.signature.toLowerCase()] as string;
      expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(await verifyWebhookSignature(r.raw, header, secret)).toBe(true);
      expect(await verifyWebhookSignature(r.raw, header, 'whsec_wrong')).toBe(false);
    }
    const evs = events(receiver.received);
    expect(new Set(evs.map((e) => e.id)).size).toBe(4);
    for (const e of evs) {
      expect(e).toMatchObject({ event: 'sms.status', test: true });
      expect(e.id).toMatch(/^evt_/);
      expect(Number.isNaN(Date.parse(e.sentAt))).toBe(false);
    }
    // The phone without `+`, as the SDKs' test vectors write it.
    const byPhone = (p: string) =>
      evs.filter((e) => e.data.phone === p.slice(1)).map((e) => [e.data.status, e.data.code]);
    expect(byPhone(MAGIC_PHONES.delivered)).toEqual([
      ['in_progress', null],
      ['delivered', null],
    ]);
    expect(byPhone(MAGIC_PHONES.invalidNumber)).toEqual([
      ['in_progress', null],
      ['failed', 'invalid_number'],
    ]);
    const delivered = evs.find((e) => e.data.status === 'delivered')!;
    expect(delivered.data).toMatchObject({ sendId: send.body.id, reference: 'order-1' });
    const detail = (await c.get(PATHS.smsShow(send.body.id))).body;
    expect(delivered.data.messageId).toBe(detail.phones[0].id);
  });

  it('also POSTs to the send urlCallback, signed with the account secret', async () => {
    const c = await login(sandbox());
    const { secret } = (await c.get(PATHS.accountWebhook)).body;
    await c.post(PATHS.smsSendMultiple, {
      urlCallback: `${receiver.url}/callback`,
      messages: [{ phone: MAGIC_PHONES.delivered, message: 'x' }],
    });
    sandbox().advanceClock(10_000);
    await receiver.waitFor((r) => r.length >= 2);
    expect(receiver.received.map((r) => r.path)).toEqual(['/callback', '/callback']);
    for (const r of receiver.received) {
      expect(await verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(
        true,
      );
    }
  });

  it('emits on the ticker without advancing the clock', async () => {
    const c = await login(sandbox());
    await c.put(PATHS.accountWebhook, { url: receiver.url });
    await c.post(PATHS.smsSendSingle, { phone: MAGIC_PHONES.delivered, message: 'x' });
    sandbox().advanceClock(1_400); // 'sent' is due 1.5 to 2.5 s after acceptance: the ticker must catch it
    await receiver.waitFor((r) => r.length >= 1, 4_000);
    expect(events(receiver.received)[0]!.data.status).toBe('in_progress');
  });

  it('sends link.click events for clicks on short links', async () => {
    const c = await login(sandbox());
    const { secret } = (await c.put(PATHS.accountWebhook, { url: receiver.url })).body;
    const link = (await c.post(PATHS.shortLinks, { url: 'https://loja.example.test/' })).body;
    await (await fetch(link.shortUrl, { redirect: 'manual' })).arrayBuffer();
    await receiver.waitFor((r) => r.length >= 1);
    const r = receiver.received[0]!;
    expect(await verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(true);
    expect(events([r])[0]).toMatchObject({
      event: 'link.click',
      test: true,
      data: { linkId: link.id, shortUrl: link.shortUrl, phone: null },
    });
  });

  it('retries a failing receiver with the same event id, without blocking requests', async () => {
    receiver.setStatus(500);
    const c = await login(sandbox());
    await c.put(PATHS.accountWebhook, { url: receiver.url });
    await c.post(PATHS.smsSendSingle, { phone: MAGIC_PHONES.delivered, message: 'x' });
    sandbox().advanceClock(2_600);
    await receiver.waitFor((r) => r.length >= 2, 3_000);
    receiver.setStatus(200);
    await receiver.waitFor((r) => r.length >= 3, 3_000);
    const ids = events(receiver.received).map((e) => e.id);
    expect(new Set(ids).size).toBe(1);
    expect((await c.get(PATHS.accountBalance)).status).toBe(200);
  });

  it('delivers a signed sample event on POST /__sandbox/webhook-test', async () => {
    const c = await login(sandbox());
    const none = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', { body: { key: c.key } });
    expect(none.body).toMatchObject({ delivered: false, status: null });
    const { secret } = (await c.put(PATHS.accountWebhook, { url: receiver.url })).body;
    const res = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', { body: { key: c.key } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ delivered: true, status: 200, latencyMs: expect.any(Number) });
    const r = receiver.received[0]!;
    expect(await verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(true);
    expect(events([r])[0]!.event).toBe('sms.status');

    receiver.setStatus(503);
    const failed = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', { body: { key: c.key } });
    expect(failed.body).toMatchObject({ delivered: false, status: 503, error: expect.any(String) });
    const unknown = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', {
      body: { key: 'test_nobody' },
    });
    expect(unknown.status).toBe(422);
  });

  it('every event type is accepted by a receiver built as the official SDKs check, with the clock days ahead', async () => {
    // The sandbox's simulated clock runs three days ahead: the events' sentAt must still be real time.
    sandbox().advanceClock(3 * 24 * 60 * 60 * 1000);
    const c = await login(sandbox());
    const { secret } = (await c.put(PATHS.accountWebhook, { url: receiver.url })).body;
    await c.post(PATHS.smsSendSingle, { phone: MAGIC_PHONES.delivered, message: 'x' });
    sandbox().advanceClock(10_000);
    await receiver.waitFor((r) => r.length >= 2);
    const link = (await c.post(PATHS.shortLinks, { url: 'https://loja.example.test/promo' })).body;
    await (await fetch(link.shortUrl, { redirect: 'manual' })).arrayBuffer();
    await receiver.waitFor((r) => r.length >= 3);
    const reply = await call(sandbox().url, 'POST', '/__sandbox/reply', {
      body: { key: c.key, fromPhone: '+5511988887777', message: 'Quero!' },
    });
    expect(reply.body).toMatchObject({ delivered: true, status: 200 });

    const read = receiver.received.map((r) =>
      expectSdkAccepts(r.raw, r.headers[HEADERS.signature.toLowerCase()] as string, secret),
    );
    expect(read.map((r) => r.event)).toEqual(['sms.status', 'sms.status', 'link.click', 'sms.reply']);
    expect(read[1]!.data).toMatchObject({ phone: MAGIC_PHONES.delivered.slice(1), status: 'delivered' });
    expect(read[2]!.data).toMatchObject({ linkId: link.id, shortUrl: link.shortUrl });
    expect(read[3]!.data).toMatchObject({ fromPhone: '5511988887777', message: 'Quero!' });
    // And the same receiver refuses a replay an hour later, and a body signed with another secret.
    const first = receiver.received[0]!;
    const header = first.headers[HEADERS.signature.toLowerCase()] as string;
    expect(readAsSdkReceiver(first.raw, header, secret, 1)).toMatchObject({ accepted: true });
    const stale = first.raw.replace(
      /"sentAt":"[^"]+"/,
      `"sentAt":"${new Date(Date.now() - 3_600_000).toISOString()}"`,
    );
    expect(readAsSdkReceiver(stale, await signWebhookBody(stale, secret), secret)).toEqual({
      accepted: false,
      reason: 'stale',
    });
    expect(readAsSdkReceiver(first.raw, header, 'whsec_other')).toEqual({
      accepted: false,
      reason: 'signature',
    });
  });
});
