/**
 * Pause, resume and cancel while the worker runs, against a real sandbox:
 * a batch in flight always finishes and is recorded; cancel removes only
 * what was not sent.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { newKey, useSandbox } from '../../api/sandbox-harness';
import { eventually, FAST_DELIVERY, startDelivery } from '../../../support/delivery-harness';
import { freezeCampaign, numbered } from './frozen-campaign';

const SEND = 'POST /v1/sms/send/multiple';
/** Gives the worker several turns in which it could (wrongly) send; used only to prove nothing more went out. */
const severalWorkerTurns = () => new Promise((resolve) => setTimeout(resolve, FAST_DELIVERY.idlePollMs * 5));

async function setup() {
  const sandbox = await useSandbox();
  const key = newKey('controls');
  await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1000 });
  const c = await startDelivery();
  return { sandbox, key, c };
}

describe('pause, resume and cancel with the worker running', () => {
  it('pause: the batch in flight finishes, nothing more goes out; resume: the rest goes out once', async () => {
    const { sandbox, key, c } = await setup();
    await sandbox.faults([{ route: SEND, fault: 'delay', delayMs: 400, count: 1 }]);
    const frozen = freezeCampaign(c.db, { messages: numbered(30), batchSize: 10 });
    await c.signIn(key, sandbox.url);
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).batches.sending).toBe(1),
    );

    const paused = await c.call('campaigns:pause', { id: frozen.id });
    expect(paused).toMatchObject({ id: frozen.id, status: 'paused', progress: { batches: { sending: 1 } } });
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).batches.accepted).toBe(1),
    );
    await severalWorkerTurns();
    expect((await sandbox.ledger(key)).messages).toHaveLength(10);
    expect(c.progress.at(-1)).toMatchObject({ status: 'paused', batches: { accepted: 1, queued: 2 } });

    const resumed = await c.call('campaigns:resume', { id: frozen.id });
    expect(resumed.status).toBe('sending');
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).status).toBe('completed'),
    );
    const refs = (await sandbox.ledger(key)).messages.map((m) => m.reference);
    expect(refs.sort()).toEqual([...frozen.references].sort());
  });

  it('cancel while a batch is in flight and its answer is lost: reconciled as sent, the rest cancelled', async () => {
    const { sandbox, key, c } = await setup();
    await sandbox.faults([{ route: SEND, fault: 'timeout-after-commit', delayMs: 300, count: 1 }]);
    const frozen = freezeCampaign(c.db, { messages: numbered(30), batchSize: 10 });
    await c.signIn(key, sandbox.url);
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).batches.sending).toBe(1),
    );

    const cancelled = await c.call('campaigns:cancel', { id: frozen.id });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      finishedAt: null,
      progress: { batches: { sending: 1, cancelled: 2 } },
    });
    const done = await eventually(async () => {
      const view = await c.call('campaigns:progress', { id: frozen.id });
      expect(view.batches.sending).toBe(0);
      return view;
    });
    expect(done).toMatchObject({
      status: 'cancelled',
      batches: { accepted: 1, cancelled: 2 },
      messages: { accepted: 10, total: 10 },
    });
    expect((await sandbox.ledger(key)).messages.map((m) => m.reference).sort()).toEqual(
      frozen.references.slice(0, 10).sort(),
    );
    const row = c.db.prepare('SELECT finished_at FROM campaigns WHERE id = ?').get(frozen.id) as {
      finished_at: string;
    };
    expect(row.finished_at).not.toBeNull();
    expect(c.host.notifications.at(-1)!.title).toBe('Campaign cancelled: Campanha de teste');
  });

  it('cancel while a batch is in flight that did not land: that batch is cancelled too, never resent', async () => {
    const { sandbox, key, c } = await setup();
    await sandbox.faults([
      { route: SEND, fault: 'delay', delayMs: 300, count: 1 },
      { route: SEND, fault: 'status', status: 503, count: 1 },
    ]);
    const frozen = freezeCampaign(c.db, { messages: numbered(20), batchSize: 10 });
    await c.signIn(key, sandbox.url);
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).batches.accepted).toBe(1),
    );
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).batches.sending).toBe(1),
    );
    await c.call('campaigns:cancel', { id: frozen.id });
    const done = await eventually(async () => {
      const view = await c.call('campaigns:progress', { id: frozen.id });
      expect(view.batches.sending).toBe(0);
      return view;
    });
    expect(done).toMatchObject({ status: 'cancelled', batches: { accepted: 1, cancelled: 1 } });
    await severalWorkerTurns();
    expect((await sandbox.ledger(key)).messages).toHaveLength(10);
  });

  it('refuses a finished campaign and an unknown id with clear codes', async () => {
    const { sandbox, key, c } = await setup();
    const frozen = freezeCampaign(c.db, { messages: numbered(2) });
    await c.signIn(key, sandbox.url);
    await eventually(async () =>
      expect((await c.call('campaigns:progress', { id: frozen.id })).status).toBe('completed'),
    );
    await expect(c.call('campaigns:pause', { id: frozen.id })).rejects.toMatchObject({
      code: 'campaign_not_active',
    });
    await expect(c.call('campaigns:cancel', { id: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
