// The sandbox's conformance to the wire facts: sending SMS (one and bulk, limits, errors). How it is checked: strict-client.ts.
import { describe, expect, it } from 'vitest';
import { SEND_LIST_ITEM_KEYS } from './spec-facts';
import {
  http,
  account,
  expectError,
  expectPaginated,
  expectSendResult,
  phoneN,
  balanceOf,
  plans,
  sandboxPerTest,
} from './strict-client';

sandboxPerTest();

describe('SMS send', () => {
  it('send one: SendResult {id, quantity, status: queued, test: true}', async () => {
    const a = await account();
    const res = await a.post('/v1/sms/send/single', {
      phone: '+5511999990000',
      message: 'Olá',
      reference: 'ref-1',
      from: 'Loja',
      sms_type_id: 1,
    });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 1, 'queued');
  });

  it('send one with a schedule answers status scheduled', async () => {
    const a = await account();
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const res = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'Olá', schedule });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 1, 'scheduled');
  });

  it('send one: message length 1..1600, E.164 phone, 422 validation_error with the field', async () => {
    const a = await account();
    const ok = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'a'.repeat(1600) });
    expect(ok.status, ok.text).toBe(200);
    const one = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'a' });
    expect(one.status).toBe(200);
    const cases: [unknown, string][] = [
      [{ phone: '+5511999990000', message: '' }, 'message'],
      [{ phone: '+5511999990000', message: 'a'.repeat(1601) }, 'message'],
      [{ phone: '+5511999990000' }, 'message'],
      [{ phone: '5511999990000', message: 'x' }, 'phone'],
      [{ phone: '(11) 99999-0000', message: 'x' }, 'phone'],
      [{ message: 'x' }, 'phone'],
      [{ phone: '+5511999990000', message: 'x', schedule: 'tomorrow' }, 'schedule'],
      [{ phone: '+5511999990000', message: 'x', sms_type_id: 999 }, 'sms_type_id'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.post('/v1/sms/send/single', body), 422, 'validation_error', field);
    }
  });

  it('send one: a malformed body is 400 bad_request', async () => {
    const a = await account();
    expectError(
      await http('POST', '/v1/sms/send/single', { token: a.token, raw: '{"phone":' }),
      400,
      'bad_request',
    );
  });

  it('bulk send: SendResult with quantity = number of messages; all optional fields accepted', async () => {
    const a = await account();
    const res = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: '+5511999990000', message: 'Oi 1', reference: 'r1', from: 'Loja' },
        { phone: '+5511999990001', message: 'Oi 2' },
        { phone: '+5511999990002', message: 'Oi 3' },
      ],
      urlCallback: 'https://example.com/cb',
      flashSms: false,
      link_tracking: 'none',
      sms_type_id: 2,
    });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 3, 'queued');
    for (const mode of ['shorten', 'track']) {
      const r = await a.post('/v1/sms/send/multiple', {
        messages: [{ phone: '+5511999990000', message: 'x' }],
        link_tracking: mode,
      });
      expect(r.status, r.text).toBe(200);
    }
  });

  it('bulk send with schedules answers scheduled', async () => {
    const a = await account();
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const res = await a.post('/v1/sms/send/multiple', {
      messages: [{ phone: '+5511999990000', message: 'x', schedule }],
    });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 1, 'scheduled');
  });

  it('bulk send accepts 5000 messages and refuses 5001 with 422 on messages', async () => {
    const a = await account();
    const big = (await plans(a)).find((p) => p.quantity === 50_000);
    expect((await a.post('/v1/billing/purchase', { plan_id: big.id })).status).toBe(200);
    const msgs = (n: number) => Array.from({ length: n }, (_, i) => ({ phone: phoneN(i), message: 'x' }));
    const ok = await a.post('/v1/sms/send/multiple', { messages: msgs(5000) });
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    expectSendResult(ok.body, 5000, 'queued');
    expectError(
      await a.post('/v1/sms/send/multiple', { messages: msgs(5001) }),
      422,
      'validation_error',
      'messages',
    );
  });

  it('bulk send: 422 validation_error names the field', async () => {
    const a = await account();
    const m = { phone: '+5511999990000', message: 'x' };
    const cases: [unknown, string][] = [
      [{}, 'messages'],
      [{ messages: [] }, 'messages'],
      [{ messages: 'x' }, 'messages'],
      [{ messages: [m, { phone: '123', message: 'x' }] }, 'messages.1.phone'],
      [{ messages: [{ phone: '+5511999990000', message: '' }] }, 'messages.0.message'],
      [{ messages: [{ phone: '+5511999990000', message: 'a'.repeat(1601) }] }, 'messages.0.message'],
      [{ messages: [{ ...m, schedule: 'soon' }] }, 'messages.0.schedule'],
      [{ messages: [m], urlCallback: 'not a url' }, 'urlCallback'],
      [{ messages: [m], flashSms: 'yes' }, 'flashSms'],
      [{ messages: [m], link_tracking: 'bogus' }, 'link_tracking'],
      [{ messages: [m], sms_type_id: 999 }, 'sms_type_id'],
      [{ messages: [m], sms_type_id: '1' }, 'sms_type_id'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.post('/v1/sms/send/multiple', body), 422, 'validation_error', field);
    }
  });

  it('bulk send: missing or malformed body is 400 bad_request', async () => {
    const a = await account();
    expectError(await http('POST', '/v1/sms/send/multiple', { token: a.token }), 400, 'bad_request');
    expectError(
      await http('POST', '/v1/sms/send/multiple', { token: a.token, raw: 'not json' }),
      400,
      'bad_request',
    );
  });

  it('message length counts characters (Unicode code points), not UTF-16 units', async () => {
    const a = await account();
    const big = (await plans(a)).find((p) => p.quantity === 50_000);
    expect((await a.post('/v1/billing/purchase', { plan_id: big.id })).status).toBe(200);
    const ok = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: '😀'.repeat(1600) });
    expect(ok.status, ok.text).toBe(200);
    expectError(
      await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: '😀'.repeat(1601) }),
      422,
      'validation_error',
      'message',
    );
  });

  it('bulk send: the largest valid request fits, even with non-ASCII escaped as a Python client does', async () => {
    const a = await account();
    expect((await a.post('/v1/billing/purchase', { quantity: 1_000_000 })).status).toBe(200);
    const text = 'Promoção de verão na Loja Demonstração, só até domingo! '.repeat(40).slice(0, 1600);
    const body = JSON.stringify({
      messages: Array.from({ length: 5000 }, (_, i) => ({ phone: phoneN(i), message: text })),
    }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await http('POST', '/v1/sms/send/multiple', { token: a.token, raw: body });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expectSendResult(res.body, 5000, 'queued');
  });

  it('send one: 402 insufficient_balance; a send costing exactly the balance is accepted', async () => {
    const a = await account();
    // Seed (README): R$ 50.00, SMS type 2 on sale at R$ 0.10, so 500 messages cost the whole balance.
    expect(await balanceOf(a)).toBe(50);
    const all = await a.post('/v1/sms/send/multiple', {
      messages: Array.from({ length: 500 }, (_, i) => ({ phone: phoneN(i), message: 'x' })),
      sms_type_id: 2,
    });
    expect(all.status, all.text).toBe(200);
    expect(await balanceOf(a)).toBe(0);
    expectError(
      await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x' }),
      402,
      'insufficient_balance',
    );
    expect(await balanceOf(a)).toBe(0);
  });

  it('bulk send: 402 insufficient_balance accepts nothing', async () => {
    const a = await account();
    const before = await balanceOf(a);
    const n = Math.ceil(before / 0.09) + 10; // more than the balance covers at the cheapest type
    const res = await a.post('/v1/sms/send/multiple', {
      messages: Array.from({ length: n }, (_, i) => ({ phone: phoneN(i), message: 'x' })),
    });
    expectError(res, 402, 'insufficient_balance');
    expect(await balanceOf(a)).toBe(before);
    const list = expectPaginated(await a.get('/v1/sms/list?page=1'), SEND_LIST_ITEM_KEYS);
    expect(list).toHaveLength(0);
  });

  it('bulk send: 409 provider_out_of_stock and 429 rate_limited have the error body (faults)', async () => {
    const a = await account();
    const body = { messages: [{ phone: '+5511999990000', message: 'x' }] };
    const set = await http('POST', '/__sandbox/faults', {
      body: {
        rules: [
          { route: 'POST /v1/sms/send/multiple', fault: 'status', status: 409, count: 1 },
          { route: 'POST /v1/sms/send/multiple', fault: 'status', status: 429, count: 1 },
        ],
      },
    });
    expect(set.status).toBe(200);
    expectError(await a.post('/v1/sms/send/multiple', body), 409, 'provider_out_of_stock');
    const limited = await a.post('/v1/sms/send/multiple', body);
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await a.post('/v1/sms/send/multiple', body)).status).toBe(200);
  });
});
