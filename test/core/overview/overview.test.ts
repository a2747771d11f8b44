/**
 * `overview:get` on the real core against a real sandbox: the first steps of
 * a new user as they happen, then how the campaigns did (delivered and
 * failed, clicks, cost), the last 30 days, what waits and why, contacts and
 * this month's opt-outs, and all of it offline.
 */
import { describe, expect, it } from 'vitest';
import { eventually, newKey, useSandbox } from '../billing/billing-harness';
import { tempDir } from '../../support/temp-dir';
import { openCore, seed } from '../links/tracked-harness';

describe('overview', () => {
  it('walks a new user through import, compose, test send and send', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const c = await openCore(sandbox, dataDir, newKey('overview'));
    expect((await c.call('overview:get', {})).firstRun).toEqual({
      imported: false,
      composed: false,
      tested: false,
      sent: false,
      draftId: null,
    });
    const listId = seed(dataDir, 3);
    expect((await c.call('overview:get', {})).firstRun).toMatchObject({ imported: true, composed: false });
    const { id } = await c.call('campaigns:create', {});
    await c.call('campaigns:saveDraft', {
      id,
      template: 'Oi {{nome}}!',
      audience: { listIds: [listId], contactIds: [] },
    });
    expect((await c.call('overview:get', {})).firstRun).toMatchObject({
      composed: true,
      tested: false,
      draftId: id,
    });
    await c.call('campaigns:testSend', { id, phone: '11 98888-7777' });
    expect((await c.call('overview:get', {})).firstRun).toMatchObject({ tested: true, sent: false });
    await c.call('campaigns:send', { id });
    expect((await c.call('overview:get', {})).firstRun).toMatchObject({ sent: true, draftId: null });
  });

  it('answers how the campaigns did: delivered and failed, clicks, cost, the last 30 days, offline too', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const listId = seed(dataDir, 30);
    const key = newKey('overview');
    const c = await openCore(sandbox, dataDir, key, { background: true });
    // The last contact opts out: the campaigns reach 29, and this month counts one opt-out.
    await c.call('optOuts:add', { phones: ['+5511920000029'], note: '' });

    const make = async (name: string, template: string, options = {}) => {
      const { id } = await c.call('campaigns:create', { name });
      await c.call('campaigns:saveDraft', {
        id,
        template,
        audience: { listIds: [listId], contactIds: [] },
        options,
      });
      return id;
    };
    const plain = await make('Sem links', 'Oi {{nome}}, promoção hoje!');
    const tracked = await make('Com links', 'Oi {{nome}}: https://loja.example/promo', {
      linkTracking: 'track',
    });
    await c.call('campaigns:send', { id: plain });
    await c.call('campaigns:send', { id: tracked });
    const later = await make('Mais tarde', 'Amanhã!', {
      scheduleAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await c.call('campaigns:send', { id: later });

    await eventually(() => expect(sandbox.ledger(key).messages.length).toBe(58), 15_000);
    sandbox.advanceClock(3 * 60 * 60 * 1000);
    // What the overview counts is what the history and the links last read (their refreshes, or a report).
    // A report read just before the clock moved (the background refresh races the advance) may still
    // say "in progress": read until both tell every message's end, as the owner would see it settle.
    const reports = await eventually(async () => {
      const read = await Promise.all(
        [plain, tracked].map((id) => c.call('history:campaignReport', { campaignId: id })),
      );
      for (const r of read) expect(r.totals.inProgress + r.totals.waiting).toBe(0);
      return read;
    }, 15_000);
    const clicks = await c.call('links:campaign', { campaignId: tracked });
    expect(clicks.clicks).toBeGreaterThan(0);

    const view = await c.call('overview:get', {});
    const byName = new Map(view.recent.map((r) => [r.name, r]));
    const done = byName.get('Com links')!;
    expect(done).toMatchObject({
      messages: reports[1]!.totals.messages,
      delivered: reports[1]!.totals.delivered,
      clicks: clicks.clicks,
    });
    expect(done.deliveredRate).toBeCloseTo(reports[1]!.totals.delivered / reports[1]!.totals.messages);
    expect(byName.get('Sem links')).toMatchObject({ clicks: null, delivered: reports[0]!.totals.delivered });
    // The scheduled one waits in the outbox until tomorrow (nothing sent or charged yet): 2 × 29 messages.
    expect(view.last30Days.messages).toBe(58);
    expect(view.last30Days.clicks).toBe(clicks.clicks);
    expect(view.last30Days.clickRate).toBeCloseTo(clicks.clicks / reports[1]!.totals.delivered);
    expect(view.last30Days.days).toHaveLength(30);
    expect(view.last30Days.days.at(-1)!.messages).toBe(view.last30Days.messages);
    expect(view.waiting).toEqual([expect.objectContaining({ id: later, name: 'Mais tarde', hold: null })]);
    expect(view.contacts).toBe(30);
    expect(view.optOutsThisMonth).toBe(1);

    await sandbox.faults([{ route: '*', fault: 'drop-before-commit' }]);
    expect(await c.call('overview:get', {})).toMatchObject({
      recent: view.recent,
      last30Days: view.last30Days,
    });
  });

  it('counts as spent what the service debited (test messages too); a held campaign spent nothing yet and says what it will cost', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    // 600 × R$ 0,09 = R$ 54,00: more than the sandbox's R$ 50,00.
    const listId = seed(dataDir, 600);
    const key = newKey('overview');
    const c = await openCore(sandbox, dataDir, key, { background: true });
    const { id } = await c.call('campaigns:create', { name: 'Grande' });
    await c.call('campaigns:saveDraft', {
      id,
      template: 'Oferta de hoje!',
      audience: { listIds: [listId], contactIds: [] },
    });
    await c.call('campaigns:estimate', { id }); // reads the price list, as the composer does
    await c.call('campaigns:testSend', { id, phone: '11 98888-7777' });
    await c.call('campaigns:send', { id });
    await eventually(async () => expect((await c.call('campaigns:get', { id })).status).toBe('held'), 15_000);

    const ledger = sandbox.ledger(key);
    expect(ledger.sends).toHaveLength(1); // the test message only
    const view = await c.call('overview:get', {});
    expect(view.recent).toEqual([
      expect.objectContaining({ name: 'Grande', status: 'held', sentAt: null, spent: 0, willCost: 54 }),
    ]);
    expect(view.last30Days.spend).toBe(ledger.sends[0]!.debited);
    expect(view.last30Days.messages).toBe(0);
    // The test message is in the spend, and said beside the messages so the two agree.
    expect(view.last30Days.testMessages).toBe(1);
  });
});
