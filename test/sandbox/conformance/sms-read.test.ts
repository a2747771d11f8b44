// The sandbox's conformance to the wire facts: reading sends, their numbers and the SMS types. How it is checked: strict-client.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SEND_LIST_ITEM_KEYS,
  SEND_DETAIL_KEYS,
  SUMMARY_KEYS,
  SEND_NUMBER_DETAIL_KEYS,
  SEND_NUMBER_ITEM_KEYS,
  SMS_TYPE_KEYS,
  UUID,
  NUMBERS_STATUSES,
  PHONE_FAILS,
  PHONE_DELIVERED,
} from './spec-facts';
import {
  account,
  expectKeys,
  isInt,
  isNum,
  isStr,
  isIso,
  isNullOr,
  expectError,
  expectPaginated,
  sb,
  sandboxPerTest,
} from './strict-client';

sandboxPerTest();

describe('SMS read', () => {
  it('list sends: Paginated of SendListItem, newest first', async () => {
    const a = await account();
    const first = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'um' });
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const second = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: '+5511999990001', message: 'dois', schedule },
        { phone: '+5511999990002', message: 'dois', schedule },
      ],
    });
    const items = expectPaginated(await a.get('/v1/sms/list?page=1'), SEND_LIST_ITEM_KEYS);
    expect(items.map((i) => i.id)).toEqual([second.body.id, first.body.id]);
    for (const i of items) {
      expect(i.id).toMatch(UUID);
      expect(isNullOr(i.number, isInt), 'number int|null').toBe(true);
      expect(isNullOr(i.date, isStr), 'date string|null').toBe(true);
      expect(isInt(i.quantity)).toBe(true);
      expect(isIso(i.created_at), 'created_at').toBe(true);
      expect(isStr(i.status)).toBe(true);
    }
    expect(items[0].quantity).toBe(2);
    expect(items[0].status).toBe('scheduled');
    expect(isStr(items[0].date)).toBe(true);
    expect(items[1].status).toBe('queued');
    expect(items[1].date).toBeNull();
    // Pages beyond the last are empty, not errors.
    const far = expectPaginated(await a.get('/v1/sms/list?page=9'), SEND_LIST_ITEM_KEYS);
    expect(far).toHaveLength(0);
  });

  it('list sends: page must be a positive integer (422 on page)', async () => {
    const a = await account();
    expectError(await a.get('/v1/sms/list?page=0'), 422, 'validation_error', 'page');
    expectError(await a.get('/v1/sms/list?page=abc'), 422, 'validation_error', 'page');
  });

  it('one send: SendDetail with summary and phones (SendNumberDetail)', async () => {
    const a = await account();
    const sent = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: PHONE_DELIVERED, message: 'Oi', reference: 'a' },
        { phone: PHONE_FAILS, message: 'Oi' },
      ],
    });
    const check = async () => {
      const res = await a.get(`/v1/sms/${sent.body.id}/show`);
      expect(res.status, res.text).toBe(200);
      const d = res.body;
      expectKeys(d, SEND_DETAIL_KEYS, 'SendDetail');
      expect(d.id).toBe(sent.body.id);
      expect(d.quantity).toBe(2);
      for (const k of ['characters', 'total', 'cost']) expect(isNum(d[k]), k).toBe(true);
      expect(isNullOr(d.date, isStr)).toBe(true);
      expect(isStr(d.status)).toBe(true);
      expectKeys(d.summary, SUMMARY_KEYS, 'summary');
      for (const k of ['total', 'delivered', 'failed', 'inProgress'])
        expect(isInt(d.summary[k]), k).toBe(true);
      expect(typeof d.summary.done).toBe('boolean');
      expect(d.summary.done).toBe(d.summary.inProgress === 0);
      expect(d.phones).toHaveLength(2);
      for (const p of d.phones) {
        expectKeys(p, SEND_NUMBER_DETAIL_KEYS, 'SendNumberDetail');
        expect(isNum(p.characters) && isNum(p.cost)).toBe(true);
        expect(isNullOr(p.code, isStr)).toBe(true);
        expect(isNullOr(p.template, isStr)).toBe(true);
        expect(p.message).toBe('Oi');
        expect(isIso(p.created_at)).toBe(true);
      }
      return d;
    };
    const early = await check();
    expect(early.summary).toMatchObject({ total: 2, inProgress: 2, done: false });
    sb.advanceClock(10_000);
    const late = await check();
    expect(late.summary).toMatchObject({ total: 2, delivered: 1, failed: 1, inProgress: 0, done: true });
  });

  it('one send and its numbers: 404 not_found for unknown or foreign ids', async () => {
    const a = await account();
    const b = await account();
    const sent = await b.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x' });
    for (const id of [randomUUID(), 'not-a-uuid', sent.body.id]) {
      expectError(await a.get(`/v1/sms/${id}/show`), 404, 'not_found');
      expectError(await a.get(`/v1/sms/${id}/numbers?page=1`), 404, 'not_found');
    }
  });

  it('numbers of a send: Paginated of SendNumberItem with the status filter', async () => {
    const a = await account();
    const sent = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: PHONE_DELIVERED, message: 'x' },
        { phone: PHONE_FAILS, message: 'x' },
      ],
    });
    const path = `/v1/sms/${sent.body.id}/numbers`;
    const all = expectPaginated(await a.get(`${path}?page=1`), SEND_NUMBER_ITEM_KEYS);
    expect(all.map((n) => n.phone)).toEqual([PHONE_DELIVERED, PHONE_FAILS]);
    for (const n of all) {
      expect(isStr(n.id) && isStr(n.status) && isIso(n.created_at)).toBe(true);
      expect(isNullOr(n.code, isStr)).toBe(true);
    }
    expect(expectPaginated(await a.get(`${path}?status=in_progress&page=1`))).toHaveLength(2);
    sb.advanceClock(10_000);
    const delivered = expectPaginated(await a.get(`${path}?status=delivered&page=1`), SEND_NUMBER_ITEM_KEYS);
    expect(delivered.map((n) => n.phone)).toEqual([PHONE_DELIVERED]);
    const failed = expectPaginated(await a.get(`${path}?status=failed&page=1`), SEND_NUMBER_ITEM_KEYS);
    expect(failed.map((n) => n.phone)).toEqual([PHONE_FAILS]);
    expect(isStr(failed[0].code)).toBe(true);
    expect(expectPaginated(await a.get(`${path}?status=in_progress&page=1`))).toHaveLength(0);
    expect(NUMBERS_STATUSES).toContain('in_progress');
    expectError(await a.get(`${path}?status=sent&page=1`), 422, 'validation_error', 'status');
    expectError(await a.get(`${path}?page=-1`), 422, 'validation_error', 'page');
  });

  it('SMS types: {data: SmsTypeItem[]} with integer ids usable as sms_type_id', async () => {
    const a = await account();
    const res = await a.get('/v1/sms-types');
    expect(res.status).toBe(200);
    expectKeys(res.body, ['data']);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const t of res.body.data) {
      expectKeys(t, SMS_TYPE_KEYS, 'SmsTypeItem');
      expect(isInt(t.id) && isStr(t.name) && isNum(t.price)).toBe(true);
      expect(isNullOr(t.sale, isNum)).toBe(true);
      const sent = await a.post('/v1/sms/send/single', {
        phone: '+5511999990000',
        message: 'x',
        sms_type_id: t.id,
      });
      expect(sent.status, sent.text).toBe(200);
    }
  });
});
