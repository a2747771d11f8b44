import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../../src/core/api/webhook-signature';
import { HEADERS, PATHS } from '../../../src/core/api/wire';
import { webhookEvent } from '../../../src/core/api/wire-schemas';
import { MAGIC_PHONES } from '../../../src/sandbox';
import { call, login, startReceiver, useSandbox, type Received } from './helpers';

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
  it('POSTs signed message.status events for sent and delivered/failed', async () => {
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
      expect(verifyWebhookSignature(r.raw, header, secret)).toBe(true);
      expect(verifyWebhookSignature(r.raw, header, 'whsec_wrong')).toBe(false);
    }
    const evs = events(receiver.received);
    expect(new Set(evs.map((e) => e.id)).size).toBe(4);
    for (const e of evs) {
      expect(e).toMatchObject({ type: 'message.status', test: true });
      expect(e.id).toMatch(/^evt_/);
      expect(Number.isNaN(Date.parse(e.sentAt))).toBe(false);
    }
    const byPhone = (p: string) =>
      evs.filter((e) => e.data.phone === p).map((e) => [e.data.status, e.data.code]);
    expect(byPhone(MAGIC_PHONES.delivered)).toEqual([
      ['sent', null],
      ['delivered', null],
    ]);
    expect(byPhone(MAGIC_PHONES.invalidNumber)).toEqual([
      ['sent', null],
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
      expect(verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(true);
    }
  });

  it('emits on the ticker without advancing the clock', async () => {
    const c = await login(sandbox());
    await c.put(PATHS.accountWebhook, { url: receiver.url });
    await c.post(PATHS.smsSendSingle, { phone: MAGIC_PHONES.delivered, message: 'x' });
    sandbox().advanceClock(1_400); // 'sent' is due 1.5 to 2.5 s after acceptance: the ticker must catch it
    await receiver.waitFor((r) => r.length >= 1, 4_000);
    expect(events(receiver.received)[0]!.data.status).toBe('sent');
  });

  it('sends link.click events for clicks on short links', async () => {
    const c = await login(sandbox());
    const { secret } = (await c.put(PATHS.accountWebhook, { url: receiver.url })).body;
    const link = (await c.post(PATHS.shortLinks, { url: 'https://loja.example.test/' })).body;
    await (await fetch(link.shortUrl, { redirect: 'manual' })).arrayBuffer();
    await receiver.waitFor((r) => r.length >= 1);
    const r = receiver.received[0]!;
    expect(verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(true);
    expect(events([r])[0]).toMatchObject({
      type: 'link.click',
      test: true,
      data: { linkId: link.id, phone: null },
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
    expect(verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(true);
    expect(events([r])[0]!.type).toBe('message.status');

    receiver.setStatus(503);
    const failed = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', { body: { key: c.key } });
    expect(failed.body).toMatchObject({ delivered: false, status: 503, error: expect.any(String) });
    const unknown = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', {
      body: { key: 'test_nobody' },
    });
    expect(unknown.status).toBe(422);
  });
});
