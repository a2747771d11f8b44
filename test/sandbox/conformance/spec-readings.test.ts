// The sandbox's conformance to the wire facts: readings of the spec (where it is read one way). How it is checked: strict-client.ts.
import { describe, expect, it } from 'vitest';
import { PHONE_DELIVERED } from './spec-facts';
import { account, expectError, expectSendResult, sb, sandboxPerTest } from './strict-client';

sandboxPerTest();

describe('readings of the spec', () => {
  it('optional fields are omitted, not null: null is a 422 on the field', async () => {
    const a = await account();
    const cases: [string, unknown, string][] = [
      ['/v1/contacts/store', { full_name: 'Ana', phone: '+5511999990000', email: null }, 'email'],
      ['/v1/sms/send/single', { phone: '+5511999990000', message: 'x', reference: null }, 'reference'],
      ['/v1/billing/purchase', { quantity: 1000, plan_id: null }, 'plan_id'],
    ];
    for (const [path, body, field] of cases) {
      expectError(await a.post(path, body), 422, 'validation_error', field);
    }
  });

  it('unknown (e.g. mis-cased) request fields are ignored, and the answer shows nothing changed', async () => {
    const a = await account();
    const before = (await a.get('/v1/account/auto-recharge')).body;
    const res = await a.put('/v1/account/auto-recharge', { planQuantity: 5000, alertEnabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
  });

  it('a schedule in the past is accepted as scheduled and goes out at once', async () => {
    const a = await account();
    const res = await a.post('/v1/sms/send/single', {
      phone: PHONE_DELIVERED,
      message: 'x',
      schedule: new Date(Date.now() - 3600_000).toISOString(),
    });
    expectSendResult(res.body, 1, 'scheduled');
    sb.advanceClock(10_000);
    const d = (await a.get(`/v1/sms/${res.body.id}/show`)).body;
    expect(d.summary).toMatchObject({ delivered: 1, done: true });
  });

  it('schedule is ISO 8601 with or without milliseconds, as the PHP SDK sends it; a date alone is a 422', async () => {
    const a = await account();
    // The PHP SDK's own test sends `2026-07-01T12:00:00Z` (facts, "What the SDKs' own test vectors show").
    for (const schedule of [
      '2030-01-01T00:00:00Z',
      '2030-01-01T00:00:00.000Z',
      '2030-01-01T00:00:00-03:00',
    ]) {
      const res = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x', schedule });
      expect(res.status, schedule).toBe(200);
      expect(res.body.status).toBe('scheduled');
    }
    for (const schedule of ['2030-01-01', '2030-01-01 00:00:00', '2030-13-01T00:00:00Z', 'amanhã']) {
      expectError(
        await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x', schedule }),
        422,
        'validation_error',
        'schedule',
      );
    }
  });
});
