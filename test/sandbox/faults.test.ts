import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { call, login, messages, useSandbox, type Client } from '../support/sandbox-http';

const sandbox = useSandbox();

const setFaults = (body: unknown) => call(sandbox().url, 'POST', '/__sandbox/faults', { body });
const send = (c: Client, n = 1) => c.post(PATHS.smsSendMultiple, { messages: messages(n) });
/** The request must fail at the transport level: no HTTP answer at all. */
async function expectNoAnswer(p: Promise<unknown>) {
  await expect(p).rejects.toThrow();
}

describe('sandbox fault injection', () => {
  it.each([
    [409, 'provider_out_of_stock'],
    [429, 'rate_limited'],
    [503, 'payment_unavailable'],
    [500, 'internal_error'],
    [502, 'internal_error'],
    [418, 'http_418'],
  ])('answers status %i with code %s, without processing', async (status, code) => {
    const c = await login(sandbox());
    expect(
      (await setFaults({ rules: [{ route: 'POST /v1/sms/send/multiple', fault: 'status', status }] })).status,
    ).toBe(200);
    const res = await send(c);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({ code, message: expect.any(String) });
    if (status === 429) expect(res.headers.get('retry-after')).toBe('1');
    expect(sandbox().ledger(c.key).messages).toEqual([]);
    expect((await c.get(PATHS.accountBalance)).status).toBe(200);
  });

  it('drop-before-commit: no answer and nothing done', async () => {
    const c = await login(sandbox());
    await setFaults({ rules: [{ route: 'POST /v1/sms/send/multiple', fault: 'drop-before-commit' }] });
    await expectNoAnswer(send(c));
    expect(sandbox().ledger(c.key).messages).toEqual([]);
    expect((await c.get(PATHS.accountBalance)).body.balance).toBe(50);
  });

  it('drop-after-commit: no answer, but the send is in the ledger and debited', async () => {
    const c = await login(sandbox());
    await setFaults({ rules: [{ route: 'POST /v1/sms/send/multiple', fault: 'drop-after-commit' }] });
    await expectNoAnswer(send(c, 2));
    expect(sandbox().ledger(c.key).messages).toHaveLength(2);
    expect((await c.get(PATHS.accountBalance)).body.balance).toBe(49.82);
  });

  it('timeout-after-commit: processed, then silence until the connection is dropped', async () => {
    const c = await login(sandbox());
    await setFaults({
      rules: [{ route: 'POST /v1/billing/purchase', fault: 'timeout-after-commit', delayMs: 300 }],
    });
    const t0 = Date.now();
    await expectNoAnswer(c.post(PATHS.billingPurchase, { quantity: 1000 }));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(sandbox().ledger(c.key).charges).toHaveLength(1);
    expect((await c.get(PATHS.billingInvoices)).body.meta.total).toBe(1);
  });

  it('timeout-after-commit: a client with its own time limit gives up first', async () => {
    const c = await login(sandbox());
    await setFaults({
      rules: [{ route: 'POST /v1/sms/send/multiple', fault: 'timeout-after-commit', delayMs: 5_000 }],
    });
    const p = fetch(`${c.url}${PATHS.smsSendMultiple}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: messages(1) }),
      signal: AbortSignal.timeout(300),
    });
    await expect(p).rejects.toThrow(/aborted|timeout/i);
    expect(sandbox().ledger(c.key).messages).toHaveLength(1);
  });

  it('delay: answers normally after delayMs', async () => {
    const c = await login(sandbox());
    await setFaults({ rules: [{ route: 'GET /v1/account/balance', fault: 'delay', delayMs: 200 }] });
    const t0 = Date.now();
    const res = await c.get(PATHS.accountBalance);
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(180);
  });

  it('count: faults only the next N matching requests', async () => {
    const c = await login(sandbox());
    await setFaults({
      rules: [{ route: 'POST /v1/sms/send/multiple', fault: 'status', status: 503, count: 2 }],
    });
    expect((await c.get(PATHS.accountBalance)).status).toBe(200); // other routes untouched
    expect((await send(c)).status).toBe(503);
    expect((await send(c)).status).toBe(503);
    expect((await send(c)).status).toBe(200);
    expect(sandbox().ledger(c.key).messages).toHaveLength(1);
  });

  it('probability: a seeded share of requests, the same for the same seed', async () => {
    const c = await login(sandbox());
    const run = async () => {
      await setFaults({
        seed: 7,
        rules: [{ route: 'GET /v1/account/balance', fault: 'status', status: 500, probability: 0.5 }],
      });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await c.get(PATHS.accountBalance)).status);
      return statuses;
    };
    const first = await run();
    const failures = first.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
    expect(await run()).toEqual(first);
  });

  it('matches a route by its pattern or its concrete path, and * matches everything', async () => {
    const c = await login(sandbox());
    const id = (await send(c)).body.id as string;
    await setFaults({ rules: [{ route: 'GET /v1/sms/{id}/show', fault: 'status', status: 502 }] });
    expect((await c.get(PATHS.smsShow(id))).status).toBe(502);
    expect((await c.get(PATHS.smsNumbers(id))).status).toBe(200);
    await setFaults({ rules: [{ route: `GET /v1/sms/${id}/numbers`, fault: 'status', status: 502 }] });
    expect((await c.get(PATHS.smsNumbers(id))).status).toBe(502);
    expect((await c.get(PATHS.smsShow(id))).status).toBe(200); // replaced, not appended
    await setFaults({ rules: [{ route: '*', fault: 'status', status: 500 }] });
    expect((await c.get(PATHS.smsTypes)).status).toBe(500);
    expect((await call(sandbox().url, 'GET', `/__sandbox/ledger?key=${c.key}`)).status).toBe(200); // admin never faulted
    expect((await call(sandbox().url, 'DELETE', '/__sandbox/faults')).status).toBe(204);
    expect((await c.get(PATHS.smsTypes)).status).toBe(200);
  });

  it('validates fault rules', async () => {
    const res = await setFaults({
      rules: [
        { route: 'POST /x', fault: 'explode' },
        { route: 'POST /x', fault: 'status' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'rules.0.fault',
      'rules.1.status',
    ]);
  });
});

describe('sandbox admin routes', () => {
  it('GET /__sandbox/ledger returns the exact shape, empty for an unknown key', async () => {
    const c = await login(sandbox());
    const sent = await c.post(PATHS.smsSendSingle, {
      phone: '+5511999990000',
      message: 'oi',
      reference: 'r',
    });
    const bought = await c.post(PATHS.billingPurchase, { quantity: 250 });
    const res = await call(sandbox().url, 'GET', `/__sandbox/ledger?key=${encodeURIComponent(c.key)}`);
    expect(res.body).toEqual({
      messages: [
        {
          sendId: sent.body.id,
          phone: '+5511999990000',
          message: 'oi',
          reference: 'r',
          status: 'queued',
          cost: 0.09,
          segments: 1,
          // No schedule asked: at once.
          schedule: null,
        },
      ],
      sends: [{ sendId: sent.body.id, debited: 0.09, messages: 1, segments: 1 }],
      charges: [
        {
          invoiceUuid: bought.body.invoiceUuid,
          displayId: 1,
          total: 22.5,
          credited: 22.5,
          quantity: 250,
          card: '4242',
          source: 'purchase',
          status: 'succeeded',
        },
      ],
      balance: 50 - 0.09 + 22.5,
    });
    // The message's status follows the sandbox's clock.
    await call(sandbox().url, 'POST', '/__sandbox/clock', { body: { advanceMs: 10_000 } });
    const later = await call(sandbox().url, 'GET', `/__sandbox/ledger?key=${encodeURIComponent(c.key)}`);
    expect(later.body.messages[0].status).toBe('delivered');
    expect((await call(sandbox().url, 'GET', '/__sandbox/ledger?key=test_unknown')).body).toEqual({
      messages: [],
      sends: [],
      charges: [],
      balance: 0,
    });
    expect((await call(sandbox().url, 'GET', '/__sandbox/ledger')).status).toBe(422);
  });

  it('POST /__sandbox/clock advances simulated time and answers now', async () => {
    const before = (await call(sandbox().url, 'GET', '/__sandbox/clock')).body.now as string;
    const res = await call(sandbox().url, 'POST', '/__sandbox/clock', { body: { advanceMs: 3_600_000 } });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.now) - Date.parse(before)).toBeGreaterThanOrEqual(3_600_000);
    expect((await call(sandbox().url, 'POST', '/__sandbox/clock', { body: { advanceMs: -1 } })).status).toBe(
      422,
    );
  });
});
