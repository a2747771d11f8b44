import { describe, expect, it } from 'vitest';
import { LIMITS, PATHS } from '@core/api/wire';
import { sendResult, smsTypesResponse } from '@core/api/wire-schemas';
import { login, messages, phone, topUp, useSandbox } from '../support/sandbox-http';

const sandbox = useSandbox();

const balanceOf = async (c: Awaited<ReturnType<typeof login>>) =>
  (await c.get(PATHS.accountBalance)).body.balance;

describe('sandbox SMS sending', () => {
  it('lists the three seeded SMS types', async () => {
    const c = await login(sandbox());
    const res = await c.get(PATHS.smsTypes);
    expect(res.status).toBe(200);
    expect(smsTypesResponse.parse(res.body).data).toEqual([
      { id: 1, name: 'Padrão', price: 0.09, sale: null },
      { id: 2, name: 'Premium', price: 0.12, sale: 0.1 },
      { id: 3, name: 'Flash', price: 0.15, sale: null },
    ]);
  });

  it('sends one message and debits segments × price of the default type', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendSingle, { phone: '+5511999990000', message: 'a'.repeat(161) });
    expect(res.status).toBe(200);
    expect(sendResult.parse(res.body)).toMatchObject({ quantity: 1, status: 'queued', test: true });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balanceOf(c)).toBe(49.82); // 2 segments × 0.09
  });

  it('prices a bulk send exactly: per message segments, sale price when set', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendMultiple, {
      sms_type_id: 2, // Premium: 0.12, sale 0.10
      messages: [
        { phone: phone(1), message: 'Olá, promoção!' }, // UCS-2, 1 segment
        { phone: phone(2), message: 'ç'.repeat(71) }, // UCS-2, 2 segments
        { phone: phone(3), message: 'a'.repeat(307) }, // GSM-7, 3 segments
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.quantity).toBe(3);
    expect(await balanceOf(c)).toBe(49.4); // 50 − 6 × 0.10
  });

  it('answers 402 and accepts nothing when the balance does not cover the whole request', async () => {
    const c = await login(sandbox());
    // 556 × 0.09 = 50.04 > 50.00
    const res = await c.post(PATHS.smsSendMultiple, { messages: messages(556) });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('insufficient_balance');
    expect(await balanceOf(c)).toBe(50);
    expect(sandbox().ledger(c.key).messages).toEqual([]);
    expect((await c.get(PATHS.smsList)).body.meta.total).toBe(0);
    // 555 × 0.09 = 49.95 fits.
    expect((await c.post(PATHS.smsSendMultiple, { messages: messages(555) })).status).toBe(200);
    expect(await balanceOf(c)).toBe(0.05);
  });

  it('answers 422 with dotted field names', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendMultiple, {
      messages: [
        { phone: '+5511999990000', message: 'ok' },
        { phone: '11999990000', message: '' },
        { phone: '+5511999990000', message: 'x', schedule: '2030-01-01 10:00' },
      ],
      urlCallback: 'javascript:alert(1)',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_error');
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'messages.1.phone',
        'messages.1.message',
        'messages.2.schedule',
        'urlCallback',
      ]),
    );
    expect(await balanceOf(c)).toBe(50);
  });

  it('answers 422 on sms_type_id for an unknown SMS type', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendMultiple, { messages: messages(1), sms_type_id: 99 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'sms_type_id', message: expect.any(String) }]);
  });

  it('answers 422 on messages for an empty list or more than 5000', async () => {
    const c = await login(sandbox());
    for (const n of [0, LIMITS.bulkMessagesMax + 1]) {
      const res = await c.post(PATHS.smsSendMultiple, { messages: messages(n) });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe('messages');
    }
  });

  it('accepts 5000 messages in one request quickly, all in the ledger in order', async () => {
    const c = await login(sandbox());
    await topUp(c);
    const before = await balanceOf(c);
    const batch = messages(LIMITS.bulkMessagesMax).map((m, i) => ({ ...m, reference: `ref-${i}` }));
    const t0 = performance.now();
    const res = await c.post(PATHS.smsSendMultiple, { messages: batch });
    const elapsed = performance.now() - t0;
    expect(res.status).toBe(200);
    expect(res.body.quantity).toBe(5000);
    expect(elapsed).toBeLessThan(1_000);
    expect(await balanceOf(c)).toBeCloseTo(before - 450, 2);
    const ledger = sandbox().ledger(c.key);
    expect(ledger.messages).toHaveLength(5000);
    expect(ledger.messages[4999]).toMatchObject({
      sendId: res.body.id,
      phone: phone(4999),
      message: batch[0]!.message,
      reference: 'ref-4999',
    });
    expect(ledger.sends).toEqual([{ sendId: res.body.id, debited: 450, messages: 5000, segments: 5000 }]);
  });

  it('answers scheduled when a message has a schedule', async () => {
    const c = await login(sandbox());
    const schedule = new Date(Date.now() + 3_600_000).toISOString();
    const res = await c.post(PATHS.smsSendMultiple, {
      messages: [{ phone: phone(1), message: 'Amanhã!', schedule }],
    });
    expect(res.body.status).toBe('scheduled');
    const single = await c.post(PATHS.smsSendSingle, { phone: phone(2), message: 'Hoje' });
    expect(single.body.status).toBe('queued');
  });

  it('keeps each message of one bulk send to its own schedule, and the ledger says which', async () => {
    const c = await login(sandbox());
    const now = Date.parse((await c.get('/__sandbox/clock')).body.now);
    // São Paulo at 09:00 and Rio Branco at 09:00, two hours apart, in one request; a third goes at once.
    const first = new Date(now + 3_600_000).toISOString();
    const second = new Date(now + 3 * 3_600_000).toISOString();
    const res = await c.post(PATHS.smsSendMultiple, {
      messages: [
        { phone: phone(1), message: 'SP', schedule: first },
        { phone: phone(2), message: 'AC', schedule: second },
        { phone: phone(3), message: 'já' },
      ],
    });
    expect(res.body.status).toBe('scheduled');
    const statuses = () =>
      sandbox()
        .ledger(c.key)
        .messages.map(({ message, schedule, status }) => ({ message, schedule, status }));
    expect(statuses()).toEqual([
      { message: 'SP', schedule: first, status: 'scheduled' },
      { message: 'AC', schedule: second, status: 'scheduled' },
      { message: 'já', schedule: null, status: 'queued' },
    ]);
    // Past the first schedule (and its ~6 s to a final state), not the second.
    sandbox().advanceClock(3_600_000 + 10_000);
    const later = statuses();
    expect(['delivered', 'failed']).toContain(later[0]!.status);
    expect(later[1]!.status).toBe('scheduled');
    sandbox().advanceClock(2 * 3_600_000);
    expect(['delivered', 'failed']).toContain(statuses()[1]!.status);
  });

  it('records every accepted message in the ledger with reference null when absent', async () => {
    const c = await login(sandbox());
    const a = await c.post(PATHS.smsSendSingle, { phone: phone(1), message: 'um', reference: 'r1' });
    const b = await c.post(PATHS.smsSendMultiple, { messages: messages(2, 'dois') });
    const ledger = sandbox().ledger(c.key);
    expect(
      ledger.messages.map(({ sendId, phone, message, reference }) => ({ sendId, phone, message, reference })),
    ).toEqual([
      { sendId: a.body.id, phone: phone(1), message: 'um', reference: 'r1' },
      { sendId: b.body.id, phone: phone(0), message: 'dois', reference: null },
      { sendId: b.body.id, phone: phone(1), message: 'dois', reference: null },
    ]);
    expect(ledger.charges).toEqual([]);
  });
});
