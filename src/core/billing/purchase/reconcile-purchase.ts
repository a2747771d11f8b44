/**
 * After a purchase whose answer was lost (time-out, dropped connection, a
 * 5xx that may have committed), the service may or may not have charged the
 * card. Repeating the purchase could charge twice, so Torpedo reads the
 * invoice history instead, and only says "not charged" once it has looked
 * long enough to be sure.
 *
 * THE RULE (matchInvoice below). An invoice is this attempt's charge when:
 *  1. it is dated at or after the attempt started, less CLOCK SKEW (the
 *     service's clock may be behind ours); a date we cannot parse counts as
 *     "after", because wrongly saying "charged" costs a second look while
 *     wrongly saying "not charged" invites a double charge;
 *  2. no other attempt has claimed it (purchase_attempts.invoice_uuid; the
 *     database also refuses a second claim);
 *  3. its total equals the expected total, in centavos:
 *     - exact expectation (a package, no coupon): required;
 *     - estimated (a bare quantity, see expected-charge.ts): preferred, and
 *       when no invoice has that total, any invoice passing 1 and 2 is taken;
 *     - unknown (a coupon, packages unreadable): any invoice passing 1 and 2.
 *  When several fit, the one dated closest to the attempt's start: a later
 *  one is likelier to be a later charge (auto-recharge, another device).
 *
 * WHEN TO GIVE UP. Reads happen at once, then at fixed offsets from the
 * attempt's start (`readAtMs`): the last one falls well after the client's
 * 30 s request limit, by when a request still in the service's hands would
 * have been processed. "Not charged" needs that last read to have succeeded;
 * if the history cannot be read the attempt stays `checking` (and blocks new
 * purchases) until a later look settles it.
 */
import type { SmsGoClient } from '../../api/smsgo-client';
import type { InvoiceItem } from '../../api/wire-schemas';
import type { AttemptRow } from './attempt-repo';
import { toCents } from '../../money';
import type { Sleeper } from './sleeper';

export interface ReconcileTimings {
  /** Offsets from the attempt's start at which to read the history (one read also happens at once). */
  readAtMs: readonly number[];
  /** How far behind ours the service's clock may be. */
  clockSkewMs: number;
}

export const RECONCILE_TIMINGS: ReconcileTimings = {
  readAtMs: [5_000, 15_000, 35_000, 60_000],
  clockSkewMs: 2 * 60_000,
};

/** Pages of 100 read per look, newest first; a purchase's invoice is always near the top. */
const PER_PAGE = 100;
const MAX_PAGES = 5;

export type ReconcileResult =
  { kind: 'charged'; invoice: InvoiceItem } | { kind: 'not-charged' } | { kind: 'unknown'; error?: unknown };

type AttemptFacts = Pick<AttemptRow, 'createdAt' | 'expectation'>;

const dateOf = (invoice: InvoiceItem): number => Date.parse(invoice.date);

/** The rule above, on one read of the history. Pure, so it is tested on its own. */
export function matchInvoice(
  invoices: readonly InvoiceItem[],
  attempt: AttemptFacts,
  linked: ReadonlySet<string>,
  clockSkewMs: number,
): InvoiceItem | null {
  const since = Date.parse(attempt.createdAt) - clockSkewMs;
  const candidates = invoices.filter((inv) => {
    if (linked.has(inv.uuid)) return false;
    const at = dateOf(inv);
    return Number.isNaN(at) || at >= since;
  });
  const expected = attempt.expectation.totalCents;
  const sameTotal = expected === null ? [] : candidates.filter((inv) => toCents(inv.total) === expected);
  let pool: InvoiceItem[];
  if (expected !== null && attempt.expectation.exact) pool = sameTotal;
  else pool = sameTotal.length > 0 ? sameTotal : candidates;
  if (pool.length === 0) return null;
  // Closest to the start first; undated ones last (they are only there to be safe).
  const key = (inv: InvoiceItem) => (Number.isNaN(dateOf(inv)) ? Number.POSITIVE_INFINITY : dateOf(inv));
  return [...pool].sort((a, b) => key(a) - key(b))[0]!;
}

/** Invoices that could belong to an attempt started at `sinceMs` (history is newest first). */
export async function readInvoicesSince(client: SmsGoClient, sinceMs: number): Promise<InvoiceItem[]> {
  const found: InvoiceItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, meta } = await client.invoices({ page, perPage: PER_PAGE });
    found.push(...data);
    const oldest = data.at(-1);
    const olderThanWindow = oldest !== undefined && dateOf(oldest) < sinceMs;
    if (olderThanWindow || meta.nextPageUrl === null || data.length === 0) break;
  }
  return found;
}

export interface ReconcileDeps {
  attempt: AttemptFacts;
  read: (sinceMs: number) => Promise<InvoiceItem[]>;
  /** Re-read before each match: another process may claim an invoice meanwhile. */
  linked: () => ReadonlySet<string>;
  timings: ReconcileTimings;
  sleeper: Sleeper;
  now: () => Date;
}

export async function reconcilePurchase(deps: ReconcileDeps): Promise<ReconcileResult> {
  const { attempt, timings, sleeper } = deps;
  const started = Date.parse(attempt.createdAt);
  const since = started - timings.clockSkewMs;
  const nowMs = () => deps.now().getTime();
  const schedule = [nowMs(), ...timings.readAtMs.map((ms) => started + ms).filter((at) => at > nowMs())];

  let lastReadOk = false;
  let lastError: unknown;
  for (const at of schedule) {
    const wait = at - nowMs();
    if (wait > 0 && !(await sleeper.sleep(wait))) return { kind: 'unknown', error: lastError };
    try {
      const hit = matchInvoice(await deps.read(since), attempt, deps.linked(), timings.clockSkewMs);
      if (hit) return { kind: 'charged', invoice: hit };
      lastReadOk = true;
    } catch (error) {
      lastReadOk = false;
      lastError = error;
    }
  }
  return lastReadOk ? { kind: 'not-charged' } : { kind: 'unknown', error: lastError };
}
