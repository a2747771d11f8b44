import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { paginated, sendDetail, sendListItem, sendNumberItem } from '@core/api/wire-schemas';
import { MAGIC_PHONES } from '../../src/sandbox';
import { FIXED_LINE_FAILURE_CODE } from '@core/api/wire';
import { login, messages, phone, useSandbox } from '../support/sandbox-http';

const sandbox = useSandbox();

describe('sandbox message progression', () => {
  it('moves queued → sent → delivered/failed on the simulated clock', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendMultiple, {
      messages: [
        { phone: MAGIC_PHONES.delivered, message: 'a' },
        { phone: MAGIC_PHONES.invalidNumber, message: 'b' },
        { phone: MAGIC_PHONES.undelivered, message: 'c' },
      ],
    });
    const id = res.body.id as string;
    const show = async () => sendDetail.parse((await c.get(PATHS.smsShow(id))).body);

    let d = await show();
    expect(d.status).toBe('queued');
    expect(d.summary).toEqual({ total: 3, delivered: 0, failed: 0, inProgress: 3, done: false });
    expect(d.phones.map((p) => p.status)).toEqual(['queued', 'queued', 'queued']);

    sandbox().advanceClock(3_000);
    d = await show();
    expect(d.status).toBe('sending');
    expect(d.phones.map((p) => p.status)).toEqual(['sent', 'sent', 'sent']);
    expect(d.phones.every((p) => p.code === null)).toBe(true);

    sandbox().advanceClock(3_500);
    d = await show();
    expect(d.status).toBe('completed');
    expect(d.summary).toEqual({ total: 3, delivered: 1, failed: 2, inProgress: 0, done: true });
    expect(d.phones.map((p) => [p.status, p.code])).toEqual([
      ['delivered', null],
      ['failed', 'invalid_number'],
      ['failed', 'undelivered'],
    ]);
    expect(d).toMatchObject({
      quantity: 3,
      characters: 3,
      total: 3,
      cost: 0.27,
      user: 'Loja Demonstração',
      type: 'Padrão',
    });
    expect(d.phones[0]).toMatchObject({ characters: 1, cost: 0.09, message: 'a', template: null });
  });

  it('accepts and charges a message to a landline, then fails it: no SMS reaches a fixed line (ASSUMED)', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendMultiple, {
      messages: [
        { phone: '+551133334444', message: 'a' },
        { phone: '+5508001234567', message: 'b' },
      ],
    });
    expect(res.status).toBe(200);
    sandbox().advanceClock(10_000);
    const d = sendDetail.parse((await c.get(PATHS.smsShow(res.body.id))).body);
    expect(d.phones.map((p) => [p.status, p.code])).toEqual([
      ['failed', FIXED_LINE_FAILURE_CODE],
      ['failed', FIXED_LINE_FAILURE_CODE],
    ]);
    expect(d.cost).toBe(0.18);
  });

  it('fails a few percent of ordinary numbers, deterministically', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.smsSendMultiple, { messages: messages(400) });
    sandbox().advanceClock(10_000);
    const { summary } = (await c.get(PATHS.smsShow(res.body.id))).body;
    expect(summary.delivered + summary.failed).toBe(400);
    expect(summary.failed).toBeGreaterThan(0);
    expect(summary.failed).toBeLessThan(40);
  });

  it('starts scheduled messages from their schedule', async () => {
    const c = await login(sandbox());
    const schedule = new Date(Date.now() + 60_000).toISOString();
    const res = await c.post(PATHS.smsSendMultiple, {
      messages: [{ phone: MAGIC_PHONES.delivered, message: 'later', schedule }],
    });
    const list = async () => sendListItem.parse((await c.get(PATHS.smsList)).body.data[0]);
    expect(await list()).toMatchObject({ status: 'scheduled', date: schedule, number: 1 });
    sandbox().advanceClock(30_000);
    const d = (await c.get(PATHS.smsShow(res.body.id))).body;
    expect(d.phones[0].status).toBe('scheduled');
    expect(d.summary.inProgress).toBe(1);
    sandbox().advanceClock(30_000 + 10_000);
    expect((await list()).status).toBe('completed');
  });

  it('lists sends newest first with sequential numbers and pages of 20', async () => {
    const c = await login(sandbox());
    for (let i = 0; i < 23; i++) await c.post(PATHS.smsSendSingle, { phone: phone(i), message: `m${i}` });
    const page1 = paginated(sendListItem).parse((await c.get(`${PATHS.smsList}?page=1`)).body);
    expect(page1.meta).toEqual({
      total: 23,
      perPage: 20,
      currentPage: 1,
      lastPage: 2,
      firstPage: 1,
      firstPageUrl: '/v1/sms/list?page=1',
      lastPageUrl: '/v1/sms/list?page=2',
      nextPageUrl: '/v1/sms/list?page=2',
      previousPageUrl: null,
    });
    expect(page1.data.map((s) => s.number).slice(0, 3)).toEqual([23, 22, 21]);
    expect(page1.data[0]).toMatchObject({
      quantity: 1,
      full_name: 'Loja Demonstração',
      type: 'Padrão',
      date: null,
    });
    const page2 = (await c.get(`${PATHS.smsList}?page=2`)).body;
    expect(page2.data.map((s: { number: number }) => s.number)).toEqual([3, 2, 1]);
    expect(page2.meta.nextPageUrl).toBeNull();
    expect(page2.meta.previousPageUrl).toBe('/v1/sms/list?page=1');
  });

  it('answers 422 on page for a page below 1 or not an integer', async () => {
    const c = await login(sandbox());
    for (const page of ['0', '-1', '1.5', 'abc']) {
      const res = await c.get(`${PATHS.smsList}?page=${page}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'page', message: expect.any(String) }]);
    }
  });

  it('filters the numbers of a send by status, with pagination', async () => {
    const c = await login(sandbox());
    const batch = messages(45);
    batch[3] = { phone: MAGIC_PHONES.invalidNumber, message: 'x' };
    const res = await c.post(PATHS.smsSendMultiple, { messages: batch });
    const id = res.body.id as string;
    const numbers = (q: string) => c.get(`${PATHS.smsNumbers(id)}?${q}`);

    const inProgress = paginated(sendNumberItem).parse((await numbers('status=in_progress&page=3')).body);
    expect(inProgress.meta).toMatchObject({ total: 45, currentPage: 3, lastPage: 3 });
    expect(inProgress.meta.firstPageUrl).toBe(`/v1/sms/${id}/numbers?status=in_progress&page=1`);
    expect(inProgress.data).toHaveLength(5);

    sandbox().advanceClock(10_000);
    const failed = (await numbers('status=failed')).body;
    const delivered = (await numbers('status=delivered')).body;
    expect(failed.meta.total + delivered.meta.total).toBe(45);
    expect(failed.data.map((n: { phone: string }) => n.phone)).toContain(MAGIC_PHONES.invalidNumber);
    expect(failed.data.find((n: { phone: string }) => n.phone === MAGIC_PHONES.invalidNumber)).toMatchObject({
      status: 'failed',
      code: 'invalid_number',
    });
    expect((await numbers('status=in_progress')).body.meta.total).toBe(0);
    expect((await numbers('page=1')).body.meta.total).toBe(45);

    const bad = await numbers('status=lost');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('status');
  });

  it('answers 404 not_found for an unknown send id', async () => {
    const c = await login(sandbox());
    for (const path of [PATHS.smsShow('nope'), PATHS.smsNumbers('00000000-0000-4000-8000-000000000000')]) {
      const res = await c.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });
});
