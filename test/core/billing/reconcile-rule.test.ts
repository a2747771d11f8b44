/** The matching rule of reconcile-purchase.ts and the expectation it relies on, on their own. */
import { describe, expect, it } from 'vitest';
import type { InvoiceItem, Plan } from '@core/api/wire-schemas';
import { expectCharge } from '@core/billing/purchase/expected-charge';
import { matchInvoice } from '@core/billing/purchase/reconcile-purchase';

const START = '2024-05-01T12:00:00.000Z';
const SKEW = 120_000;
const at = (offsetMs: number) => new Date(Date.parse(START) + offsetMs).toISOString();

const invoice = (uuid: string, total: number, date: string): InvoiceItem => ({
  uuid,
  total,
  date,
  expiry: date,
  displayId: uuid.toUpperCase(),
  status: { code: 'paid', name: 'Pago', icon: null, color: null },
  card: null,
});

const attempt = (totalCents: number | null, exact: boolean) => ({
  createdAt: START,
  expectation: { quantity: 1000, totalCents, exact },
});

describe('matchInvoice', () => {
  it('takes an unclaimed invoice after the start with the expected total', () => {
    const hit = matchInvoice([invoice('a', 90, at(1_000))], attempt(9000, true), new Set(), SKEW);
    expect(hit?.uuid).toBe('a');
  });

  it('allows the service clock to be behind by the skew, not more', () => {
    expect(matchInvoice([invoice('a', 90, at(-60_000))], attempt(9000, true), new Set(), SKEW)?.uuid).toBe(
      'a',
    );
    expect(matchInvoice([invoice('a', 90, at(-180_000))], attempt(9000, true), new Set(), SKEW)).toBeNull();
  });

  it('never takes an invoice another attempt claimed', () => {
    const list = [invoice('a', 90, at(1_000)), invoice('b', 90, at(2_000))];
    expect(matchInvoice(list, attempt(9000, true), new Set(['a']), SKEW)?.uuid).toBe('b');
    expect(matchInvoice(list, attempt(9000, true), new Set(['a', 'b']), SKEW)).toBeNull();
  });

  it('exact expectation: another total is not this charge', () => {
    expect(matchInvoice([invoice('a', 400, at(1_000))], attempt(9000, true), new Set(), SKEW)).toBeNull();
  });

  it('estimated expectation: prefers the same total, else takes what is there (a double charge is worse)', () => {
    const list = [invoice('x', 81, at(500)), invoice('a', 90, at(1_000))];
    expect(matchInvoice(list, attempt(9000, false), new Set(), SKEW)?.uuid).toBe('a');
    expect(matchInvoice([invoice('x', 81, at(500))], attempt(9000, false), new Set(), SKEW)?.uuid).toBe('x');
  });

  it('unknown total: the unclaimed invoice closest to the start', () => {
    const list = [invoice('late', 90, at(9_000)), invoice('early', 45, at(1_000))];
    expect(matchInvoice(list, attempt(null, false), new Set(), SKEW)?.uuid).toBe('early');
  });

  it('an unreadable date counts as "after" (to be safe), but a dated match wins', () => {
    const odd = invoice('odd', 90, 'ontem');
    expect(matchInvoice([odd], attempt(9000, true), new Set(), SKEW)?.uuid).toBe('odd');
    expect(matchInvoice([odd, invoice('a', 90, at(1_000))], attempt(9000, true), new Set(), SKEW)?.uuid).toBe(
      'a',
    );
  });

  it('compares money in centavos (0.1 + 0.2 style sums do not miss)', () => {
    expect(matchInvoice([invoice('a', 0.1 + 0.2, at(1))], attempt(30, true), new Set(), SKEW)?.uuid).toBe(
      'a',
    );
  });
});

describe('expectCharge', () => {
  const plans: Plan[] = [
    { id: 'p1', quantity: 1000, price: 0.09, sale: null, unit: 0.09, total: 90, popular: false },
    { id: 'p5', quantity: 5000, price: 0.08, sale: null, unit: 0.08, total: 400, popular: false },
    { id: 'p50', quantity: 50000, price: 0.06, sale: 0.05, unit: 0.05, total: 2500, popular: false },
  ];

  it('a package: its own total, exact', () => {
    expect(expectCharge({ plan_id: 'P5' }, plans)).toEqual({
      quantity: 5000,
      totalCents: 40000,
      exact: true,
    });
  });

  it('a quantity: priced by the largest package not above it, an estimate', () => {
    expect(expectCharge({ quantity: 250 }, plans)).toEqual({ quantity: 250, totalCents: 2250, exact: false });
    expect(expectCharge({ quantity: 7000 }, plans)).toEqual({
      quantity: 7000,
      totalCents: 56000,
      exact: false,
    });
    expect(expectCharge({ quantity: 60000 }, plans)).toEqual({
      quantity: 60000,
      totalCents: 300000,
      exact: false,
    });
  });

  it('unknown with a coupon, without packages, or for an unknown package', () => {
    expect(expectCharge({ quantity: 1000, coupon: 'DEMO10' }, plans)).toEqual({
      quantity: 1000,
      totalCents: null,
      exact: false,
    });
    expect(expectCharge({ plan_id: 'p1', coupon: 'X' }, plans)).toEqual({
      quantity: 1000,
      totalCents: null,
      exact: false,
    });
    expect(expectCharge({ quantity: 1000 }, null)).toEqual({
      quantity: 1000,
      totalCents: null,
      exact: false,
    });
    expect(expectCharge({ plan_id: 'nope' }, plans)).toEqual({
      quantity: null,
      totalCents: null,
      exact: false,
    });
  });
});
