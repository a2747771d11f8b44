/**
 * Every way a purchase can end, against the real sandbox: what `credits:buy`
 * reports, what is persisted (and so what `credits:attempt` shows after a
 * restart), and what the ledger says was really charged.
 */
import { describe, expect, it } from 'vitest';
import type { BalanceView, PurchaseOutcomeView } from '@shared/dto';
import { MAGIC_CARDS, PURCHASE_LIMIT } from '../../../src/sandbox/index';
import { attempt, buy, eventually, signedIn, startCore, useSandbox, value } from './billing-harness';

describe('a purchase that goes through', () => {
  it('succeeded: invoice recorded, balance refreshed, attempt persisted', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    const before = value<BalanceView>(await c.core.dispatch('account:balance', {})).balance;

    const out = await buy(c, { quantity: 1000 });
    const [charge] = sandbox.ledger(c.key).charges;
    expect(out).toMatchObject({
      outcome: 'succeeded',
      invoiceUuid: charge!.invoiceUuid,
      total: 90,
      quantity: 1000,
    });
    expect(c.of('balance:changed').at(-1)!.balance).toBe(before + 90);
    expect(await attempt(c)).toMatchObject({
      state: 'succeeded',
      invoiceUuid: charge!.invoiceUuid,
      total: 90,
      quantity: 1000,
      expectedTotal: 90,
      request: { quantity: 1000 },
      error: null,
    });
    // The invoice is kept locally for offline reading.
    await c.close();
    sandbox.sb.close();
    const offline = await startCore({ dataDir: c.dataDir, store: c.store });
    const page = value<{ invoices: { uuid: string }[]; stale: boolean }>(
      await offline.core.dispatch('credits:invoices', {}),
    );
    expect(page).toMatchObject({ stale: true, invoices: [{ uuid: charge!.invoiceUuid }] });
  });

  it('a package with a saved card: the exact package total is expected and charged', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    const { plans } = value<{ plans: { id: string; total: number; popular: boolean }[] }>(
      await c.core.dispatch('credits:plans', {}),
    );
    const { cards } = value<{ cards: { id: string; isDefault: boolean; last4: string }[] }>(
      await c.core.dispatch('credits:cards', {}),
    );
    const popular = plans.find((p) => p.popular)!;
    const other = cards.find((k) => !k.isDefault)!;
    const out = await buy(c, { planId: popular.id, cardId: other.id });
    expect(out).toMatchObject({ outcome: 'succeeded', total: popular.total });
    expect(await attempt(c)).toMatchObject({
      expectedTotal: popular.total,
      request: { planId: popular.id, cardId: other.id },
    });
  });
});

describe('a purchase that never reached the service, or was refused', () => {
  it('drop-before-commit: reported not-charged; a new attempt then charges once', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'drop-before-commit', count: 1 }]);

    const first = await buy(c, { quantity: 500 });
    expect(first.outcome).toBe('not-charged');
    expect(first.message).toMatch(/Nothing was charged/);
    // Sent, then settled by reading the invoices: not the "never sent" of an outage.
    expect(first.error).toMatchObject({ code: 'network_error' });
    expect(sandbox.ledger(c.key).charges).toEqual([]);
    expect(await attempt(c)).toMatchObject({ state: 'not-charged', error: { code: 'network_error' } });
    // It looked before concluding: checking came first.
    expect(c.of('credits:attemptChanged').map((a) => a.state)).toContain('checking');

    const second = await buy(c, { quantity: 500 });
    expect(second.outcome).toBe('succeeded');
    const charges = sandbox.ledger(c.key).charges;
    expect(charges).toHaveLength(1);
    expect(charges[0]!.invoiceUuid).toBe(second.invoiceUuid);
  });

  it('the service down (connection refused): not sent at all, nothing recorded, nothing charged', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    value(await c.core.dispatch('account:balance', {}));
    await sandbox.sb.close();
    const result = await c.core.dispatch('credits:buy', { quantity: 500 });
    expect(result).toMatchObject({ ok: false, error: { code: 'purchase_not_sent' } });
    expect(c.of('credits:attemptChanged')).toEqual([]);
    expect(await attempt(c)).toBeNull();
  });

  it('the service stops answering between two clicks: the purchase is not sent into the outage', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    value(await c.core.dispatch('account:balance', {}));
    // The read just before the purchase finds no answer; a purchase sent now would be a guess.
    await sandbox.faults([
      { route: 'GET /v1/billing/plans', fault: 'drop-before-commit' },
      { route: 'POST /v1/billing/purchase', fault: 'drop-after-commit' },
    ]);
    const result = await c.core.dispatch('credits:buy', { quantity: 500 });
    expect(result).toMatchObject({ ok: false, error: { code: 'purchase_not_sent' } });
    expect(c.of('credits:attemptChanged')).toEqual([]);
    expect(sandbox.ledger(c.key).charges).toEqual([]);
  });

  it('429: failed with retryAfterSeconds and the moment a new attempt makes sense', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    for (let i = 0; i < PURCHASE_LIMIT.limit; i++)
      expect((await buy(c, { quantity: 250 })).outcome).toBe('succeeded');
    const out = await buy(c, { quantity: 250 });
    expect(out).toMatchObject({ outcome: 'failed', error: { code: 'rate_limited', status: 429 } });
    expect(out.error!.retryAfterSeconds).toBeGreaterThan(0);
    expect(out.message).toMatch(/Nothing was charged/);
    const a = (await attempt(c))!;
    expect(a.state).toBe('failed');
    expect(Date.parse(a.error!.retryAt!) - Date.parse(a.updatedAt)).toBe(
      out.error!.retryAfterSeconds! * 1000,
    );
    expect(sandbox.ledger(c.key).charges).toHaveLength(PURCHASE_LIMIT.limit);
  });

  it.each([
    ['card_declined', MAGIC_CARDS.declined, 402],
    ['authentication_required', MAGIC_CARDS.authenticationRequired, 402],
    ['payment_unavailable', MAGIC_CARDS.gatewayUnavailable, 503],
  ])('%s: failed with that code, nothing charged', async (code, cardId, status) => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    const out = await buy(c, { quantity: 1000, cardId });
    expect(out).toMatchObject({ outcome: 'failed', error: { code, status } });
    expect(await attempt(c)).toMatchObject({ state: 'failed', error: { code, status }, invoiceUuid: null });
    expect(sandbox.ledger(c.key).charges).toEqual([]);
  });

  it('503 injected by a fault: failed payment_unavailable (the service defines it as nothing charged)', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'status', status: 503, count: 1 }]);
    const out = await buy(c, { quantity: 1000 });
    expect(out).toMatchObject({ outcome: 'failed', error: { code: 'payment_unavailable' } });
    expect(out.message).toMatch(/unavailable.*Nothing was charged/);
  });

  it('a 502 from the way there may hide a processed request: checked, then not-charged', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'status', status: 502, count: 1 }]);
    const out = await buy(c, { quantity: 1000 });
    expect(out.outcome).toBe('not-charged');
    expect(c.of('credits:attemptChanged').map((a) => a.state)).toContain('checking');
  });

  it('a 400 (as card_required: no card to charge) is a refusal: failed, nothing charged', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    // Every sandbox account is seeded with cards, so an injected 400 stands in for card_required
    // (its wording is covered in classify-and-words.test.ts).
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'status', status: 400, count: 1 }]);
    const out = await buy(c, { quantity: 1000 });
    expect(out).toMatchObject({ outcome: 'failed', error: { status: 400 } });
    expect(out.message).toMatch(/Nothing was charged/);
    expect(sandbox.ledger(c.key).charges).toEqual([]);
  });

  it('422 from the service: failed with the field named as the app names it', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    const out = await buy(c, { quantity: 1000, coupon: 'NOT-A-COUPON' });
    expect(out).toMatchObject({ outcome: 'failed', error: { code: 'validation_error', status: 422 } });
    expect(out.error!.fields!.map((f) => f.field)).toEqual(['coupon']);
    expect(await attempt(c)).toMatchObject({ state: 'failed', error: { fields: [{ field: 'coupon' }] } });
  });

  it('quantity 100: refused before anything is recorded or sent, naming the field', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    for (const input of [{ quantity: 100 }, { quantity: 1_000_001 }, { quantity: 250.5 }]) {
      const r = await c.core.dispatch('credits:buy', input);
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', details: { fields: [{ field: 'quantity' }] } },
      });
    }
    for (const input of [
      {},
      { quantity: 1000, planId: 'x' },
      { planId: 'a'.repeat(65) },
      { quantity: 1000, extra: 1 },
    ]) {
      expect((await c.core.dispatch('credits:buy', input)).ok).toBe(false);
    }
    expect(await attempt(c)).toBeNull();
    expect(sandbox.ledger(c.key).charges).toEqual([]);
  });
});

describe('processing', () => {
  it('reported processing, then watched until the payment settles: notified, balance event, succeeded', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    const before = value<BalanceView>(await c.core.dispatch('account:balance', {})).balance;
    const out = await buy(c, { quantity: 1000, cardId: MAGIC_CARDS.processing });
    expect(out).toMatchObject({ outcome: 'processing', total: 90 });
    expect(await attempt(c)).toMatchObject({ state: 'processing', settledAt: null, stillPending: false });
    expect(c.host.notifications).toEqual([]);

    sandbox.advanceClock(31_000);
    await eventually(async () => expect(await attempt(c)).toMatchObject({ state: 'succeeded' }));
    await eventually(() => expect(c.host.notifications).toHaveLength(1));
    expect(c.host.notifications[0]!.title).toBe('Credit purchase confirmed');
    await eventually(() => expect(c.of('balance:changed').at(-1)!.balance).toBe(before + 90));
    expect(sandbox.ledger(c.key).charges).toMatchObject([{ status: 'succeeded' }]);
  });

  it('still pending after the watch gives up: says so once, and stays processing', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'pending', {
      timings: { processing: { delaysMs: [20], giveUpAfterMs: 300 } },
    });
    const out = await buy(c, { quantity: 1000, cardId: MAGIC_CARDS.processing });
    expect(out.outcome).toBe('processing');
    await eventually(() =>
      expect(c.host.notifications.map((n) => n.title)).toEqual(['Payment still pending']),
    );
    expect(await attempt(c)).toMatchObject({ state: 'processing', stillPending: true });
  });
});

describe('one purchase at a time', () => {
  it('a second buy while one is in flight: purchase_in_progress, and only one charge', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox);
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'delay', delayMs: 300 }]);
    const [a, b] = await Promise.all([
      c.core.dispatch('credits:buy', { quantity: 1000 }),
      c.core.dispatch('credits:buy', { quantity: 1000 }),
    ]);
    expect(a).toMatchObject({ ok: true, value: { outcome: 'succeeded' } });
    expect(b).toMatchObject({ ok: false, error: { code: 'purchase_in_progress' } });
    expect(sandbox.ledger(c.key).charges).toHaveLength(1);
    // Once settled, buying again is allowed.
    expect(await buy(c, { quantity: 1000 })).toMatchObject({ outcome: 'succeeded' });
  });

  it('while an attempt is checking, a new one is refused until it is settled', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'checking', {
      timings: { reconcile: { readAtMs: [600], clockSkewMs: 120_000 } },
    });
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'drop-before-commit', count: 1 }]);
    const first = c.core.dispatch('credits:buy', { quantity: 1000 });
    await eventually(async () => expect(await attempt(c)).toMatchObject({ state: 'checking' }));
    expect(await c.core.dispatch('credits:buy', { quantity: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'purchase_in_progress' },
    });
    expect(value<PurchaseOutcomeView>(await first).outcome).toBe('not-charged');
    expect((await buy(c, { quantity: 1000 })).outcome).toBe('succeeded');
    expect(sandbox.ledger(c.key).charges).toHaveLength(1);
  });
});
