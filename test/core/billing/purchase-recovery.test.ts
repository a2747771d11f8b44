/**
 * A crash (or a quit) while a purchase was in flight leaves its attempt in
 * `sending` or `checking`. The next start settles it from the invoice history
 * before any new purchase is allowed.
 */
import Sqlite from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PurchaseAttemptView, PurchaseOutcomeView } from '@shared/dto';
import { eventually, signedIn, startCore, useSandbox, value } from './billing-harness';

const MINUTE = 60_000;

/** Writes an attempt as a crashed app would have left it, with the core closed. */
function leaveAttempt(
  dataDir: string,
  opts: { state: string; startedMsAgo: number; request: object; expectedTotalCents?: number },
) {
  const db = new Sqlite(join(dataDir, 'torpedo.db'));
  const at = new Date(Date.now() - opts.startedMsAgo).toISOString();
  db.prepare(
    `INSERT INTO purchase_attempts (id, profile, state, request, expected_quantity, expected_total_cents,
       expected_total_exact, created_at, updated_at)
     VALUES ('crashed-1', 'default', ?, ?, 1000, ?, 0, ?, ?)`,
  ).run(opts.state, JSON.stringify(opts.request), opts.expectedTotalCents ?? null, at, at);
  db.close();
}

async function buyDirectly(url: string, key: string, quantity: number): Promise<string> {
  const token = (
    (await (await fetch(`${url}/v1/auth/token`, { headers: { 'SMSGo-key': key } })).json()) as {
      token: string;
    }
  ).token;
  const res = await fetch(`${url}/v1/billing/purchase`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ quantity }),
  });
  return ((await res.json()) as { invoiceUuid: string }).invoiceUuid;
}

describe('an attempt left in flight by a crash', () => {
  it('charged at the service: settled at start-up as charged-after-timeout, with a notification', async () => {
    const sandbox = await useSandbox();
    const first = await signedIn(sandbox, 'crash');
    await first.close();
    // The request reached the service just before the crash.
    leaveAttempt(first.dataDir, {
      state: 'sending',
      startedMsAgo: 2 * MINUTE,
      request: { quantity: 1000 },
      expectedTotalCents: 9000,
    });
    const invoiceUuid = await buyDirectly(sandbox.url, first.key, 1000);

    const next = await startCore({ dataDir: first.dataDir, store: first.store });
    await eventually(async () =>
      expect(value<PurchaseAttemptView>(await next.core.dispatch('credits:attempt', {}))).toMatchObject({
        id: 'crashed-1',
        state: 'charged-after-timeout',
        invoiceUuid,
        total: 90,
      }),
    );
    // The balance refresh and the notification follow the settled state.
    await eventually(() =>
      expect(next.host.notifications.map((n) => n.title)).toEqual(['Credit purchase charged']),
    );
    expect(next.of('balance:changed').length).toBeGreaterThan(0);
    expect(sandbox.ledger(first.key).charges).toHaveLength(1);
  });

  it('not charged: settled as not-charged, then a new purchase charges once', async () => {
    const sandbox = await useSandbox();
    const first = await signedIn(sandbox, 'crash2');
    await first.close();
    leaveAttempt(first.dataDir, { state: 'checking', startedMsAgo: 5 * MINUTE, request: { quantity: 1000 } });

    const next = await startCore({ dataDir: first.dataDir, store: first.store });
    const out = value<PurchaseOutcomeView>(await next.core.dispatch('credits:buy', { quantity: 1000 }));
    expect(out.outcome).toBe('succeeded');
    const states = next
      .of('credits:attemptChanged')
      .map((a) => `${a.id === 'crashed-1' ? 'old' : 'new'}:${a.state}`);
    // The leftover was settled before the new attempt was even recorded.
    expect(states.indexOf('old:not-charged')).toBeGreaterThanOrEqual(0);
    expect(states.indexOf('old:not-charged')).toBeLessThan(states.indexOf('new:sending'));
    expect(sandbox.ledger(first.key).charges).toHaveLength(1);
  });

  it('the history cannot be read (service down): stays checking and blocks new purchases', async () => {
    const sandbox = await useSandbox();
    const first = await signedIn(sandbox, 'crash3');
    await first.close();
    leaveAttempt(first.dataDir, { state: 'sending', startedMsAgo: 5 * MINUTE, request: { quantity: 1000 } });
    await sandbox.sb.close();

    const next = await startCore({ dataDir: first.dataDir, store: first.store });
    const refused = await next.core.dispatch('credits:buy', { quantity: 1000 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'purchase_in_progress' } });
    expect(value<PurchaseAttemptView>(await next.core.dispatch('credits:attempt', {}))).toMatchObject({
      id: 'crashed-1',
      state: 'checking',
    });
  });
});
