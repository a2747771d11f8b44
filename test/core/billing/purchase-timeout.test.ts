/**
 * The promise of issue 5: a purchase whose answer is lost after the service
 * charged the card is reported as charged, with its invoice, and is never
 * charged a second time. The sandbox's ledger is the witness.
 */
import Sqlite from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PurchaseAttemptView, PurchaseOutcomeView } from '@shared/dto';
import { PURCHASE_LIMIT } from '../../../src/sandbox/index';
import { signedIn, useSandbox, value } from './billing-harness';

describe('purchase whose answer is lost after the service committed it', () => {
  it('20 trials: one charge per attempt, each reported charged-after-timeout with its invoice', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'tac');
    await sandbox.faults([
      { route: 'POST /v1/billing/purchase', fault: 'timeout-after-commit', delayMs: 30 },
    ]);

    const outcomes: PurchaseOutcomeView[] = [];
    for (let trial = 0; trial < 20; trial++) {
      // The sandbox allows 5 purchases per 60 s of its (simulated) time.
      if (trial > 0 && trial % PURCHASE_LIMIT.limit === 0)
        sandbox.advanceClock(PURCHASE_LIMIT.windowMs + 1_000);
      // The same quantity every time: only the claims already made tell the invoices apart.
      outcomes.push(value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', { quantity: 1000 })));
    }

    const charges = sandbox.ledger(c.key).charges;
    expect(charges).toHaveLength(20);
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(20).fill('charged-after-timeout'));
    // Each attempt names exactly the invoice its own request created, in order, never twice.
    expect(outcomes.map((o) => o.invoiceUuid)).toEqual(charges.map((ch) => ch.invoiceUuid));
    expect(outcomes.map((o) => o.total)).toEqual(charges.map((ch) => ch.total));
    expect(outcomes.map((o) => o.quantity)).toEqual(charges.map((ch) => ch.quantity));
    expect(outcomes[0]!.message).toMatch(/went through/);

    // Persisted the same way, and the header's balance was refreshed after each charge.
    const db = new Sqlite(join(c.dataDir, 'torpedo.db'), { readonly: true });
    const rows = db
      .prepare('SELECT state, invoice_uuid FROM purchase_attempts ORDER BY created_at, rowid')
      .all() as { state: string; invoice_uuid: string }[];
    db.close();
    expect(rows.map((r) => r.state)).toEqual(Array(20).fill('charged-after-timeout'));
    expect(rows.map((r) => r.invoice_uuid)).toEqual(charges.map((ch) => ch.invoiceUuid));
    expect(c.of('balance:changed').length).toBeGreaterThanOrEqual(20);
    const states = c.of('credits:attemptChanged').map((a: PurchaseAttemptView) => a.state);
    expect(states.slice(0, 3)).toEqual(['sending', 'checking', 'checking']);
  });

  it('same package bought repeatedly (same total): each attempt claims a different invoice', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'tacplan');
    const plans = value<{ plans: { id: string; quantity: number }[] }>(
      await c.core.dispatch('credits:plans', {}),
    );
    const planId = plans.plans.find((p) => p.quantity === 1000)!.id;
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'drop-after-commit' }]);

    const outcomes: PurchaseOutcomeView[] = [];
    for (let i = 0; i < 4; i++) {
      outcomes.push(value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', { planId })));
    }
    const charges = sandbox.ledger(c.key).charges;
    expect(charges).toHaveLength(4);
    expect(outcomes.every((o) => o.outcome === 'charged-after-timeout' && o.total === 90)).toBe(true);
    expect(new Set(outcomes.map((o) => o.invoiceUuid))).toEqual(new Set(charges.map((ch) => ch.invoiceUuid)));
  });
});
