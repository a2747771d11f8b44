/**
 * Outcomes the worker cannot know at once (a time-out after the service
 * committed, a dropped connection, a 5xx) and refusals it must retry (409,
 * 429): the campaign ends with every reference in the sandbox's ledger
 * exactly once, and a batch is only ever resent after reconcile found it
 * had not landed.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import type { FaultRule } from '../../../../src/sandbox/index';
import { newKey, useSandbox } from '../../api/sandbox-harness';
import { eventually, startDelivery } from '../../../support/delivery-harness';
import { freezeCampaign, numbered } from './frozen-campaign';

const SEND = 'POST /v1/sms/send/multiple';

async function deliverWith(rules: FaultRule[], opts: { messages?: number; batchSize?: number } = {}) {
  const sandbox = await useSandbox();
  const key = newKey('ambiguous');
  await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1000 });
  await sandbox.faults(rules);
  const c = await startDelivery();
  const frozen = freezeCampaign(c.db, {
    messages: numbered(opts.messages ?? 40),
    batchSize: opts.batchSize ?? 10,
  });
  await c.signIn(key, sandbox.url);
  const view = await eventually(async () => {
    const p = await c.call('campaigns:progress', { id: frozen.id });
    expect(p.status).toBe('completed');
    return p;
  }, 20_000);
  const ledger = await sandbox.ledger(key);
  const batches = c.db
    .prepare(
      'SELECT batch, state, attempts, send_id AS sendId FROM campaign_batches WHERE campaign_id = ? ORDER BY batch',
    )
    .all(frozen.id) as { batch: number; state: string; attempts: number; sendId: string }[];
  return { c, frozen, view, ledger, batches };
}

const onceEach = (references: (string | null)[], expected: string[]) => {
  expect(references).toHaveLength(expected.length);
  expect([...references].sort()).toEqual([...expected].sort());
};

describe('outbox worker: ambiguous outcomes and retries', () => {
  it('a time-out after the service committed: reconciled as accepted, not sent again', async () => {
    const { frozen, ledger, batches } = await deliverWith([
      { route: SEND, fault: 'timeout-after-commit', delayMs: 200, count: 1 },
    ]);
    onceEach(
      ledger.messages.map((m) => m.reference),
      frozen.references,
    );
    // The first batch's only attempt landed; reconcile settled it with the send the ledger shows.
    expect(batches[0]).toMatchObject({ state: 'accepted', attempts: 1 });
    expect(ledger.messages.filter((m) => m.sendId === batches[0]!.sendId)).toHaveLength(10);
  });

  it('a connection dropped after the commit: the same', async () => {
    const { frozen, ledger, batches } = await deliverWith([
      { route: SEND, fault: 'drop-after-commit', count: 2 },
    ]);
    onceEach(
      ledger.messages.map((m) => m.reference),
      frozen.references,
    );
    expect(batches.map((b) => b.attempts)).toEqual([1, 1, 1, 1]);
    expect(batches.every((b) => b.state === 'accepted')).toBe(true);
  });

  it('a 5xx (nothing registered): reconcile finds nothing, and only then is the batch sent again', async () => {
    const { frozen, ledger, batches } = await deliverWith([
      { route: SEND, fault: 'status', status: 502, count: 2 },
    ]);
    onceEach(
      ledger.messages.map((m) => m.reference),
      frozen.references,
    );
    // Two attempts answered 502 (whichever batches they were): each was reconciled, then sent once more.
    expect(batches.reduce((sum, b) => sum + b.attempts, 0)).toBe(4 + 2);
  });

  it('a connection dropped before the commit, 409 out of stock and a 429 burst: retried until accepted', async () => {
    const { frozen, ledger, batches } = await deliverWith([
      { route: SEND, fault: 'drop-before-commit', count: 1 },
      { route: SEND, fault: 'status', status: 409, count: 1 },
      { route: SEND, fault: 'status', status: 429, count: 2 },
    ]);
    onceEach(
      ledger.messages.map((m) => m.reference),
      frozen.references,
    );
    // The dropped request had left in full (so: reconciled, not landed); 409 and 429 came back at once.
    expect(batches.reduce((sum, b) => sum + b.attempts, 0)).toBe(4 + 4);
  });

  it('a reconcile that cannot read the send list decides nothing until it can', async () => {
    const { frozen, ledger, batches } = await deliverWith([
      { route: SEND, fault: 'timeout-after-commit', delayMs: 100, count: 1 },
      { route: 'GET /v1/sms/list', fault: 'status', status: 503, count: 3 },
    ]);
    onceEach(
      ledger.messages.map((m) => m.reference),
      frozen.references,
    );
    expect(batches[0]).toMatchObject({ state: 'accepted', attempts: 1 });
  });
});
