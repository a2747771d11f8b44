/**
 * Starting again: a batch found `sending` (a crash after the claim, before or
 * after the service registered it), the service unreachable and back, and
 * two workers on one data folder.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { buildBulkRequest, messageSchedules } from '@core/campaigns/delivery/outbox-request';
import { DEFAULT_OPTIONS } from '@core/campaigns/messages/message-options';
import { createOutboxStore } from '@core/campaigns/outbox/outbox-store';
import { openDatabase } from '@core/db/open-database';
import { startSandbox } from '../../../../src/sandbox/index';
import { newKey, useSandbox } from '../../api/sandbox-harness';
import { tempDir } from '../../../support/temp-dir';
import { eventually, startDelivery, type DeliveryUnderTest } from '../../../support/delivery-harness';
import { freezeCampaign, numbered, type Frozen } from './frozen-campaign';

const completed = (c: DeliveryUnderTest, id: string) =>
  eventually(async () => expect((await c.call('campaigns:progress', { id })).status).toBe('completed'));

/** What a process killed right after its claim leaves behind (its request may or may not have gone). */
async function crashedAfterClaim(
  dataDir: string,
  frozen: Frozen,
  batch: number,
  send?: (body: unknown) => Promise<unknown>,
) {
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  const store = createOutboxStore(db);
  store.claim(frozen.id, batch, new Date().toISOString());
  const messages = store.messages(frozen.id, batch);
  db.close();
  if (send)
    await send(
      buildBulkRequest(
        frozen,
        batch,
        DEFAULT_OPTIONS,
        messages,
        messageSchedules(DEFAULT_OPTIONS, null, new Date()),
      ),
    );
}

describe('outbox worker: starting again', () => {
  it('a batch left `sending` whose request had landed: reconciled as accepted with that send, not sent again', async () => {
    const sandbox = await useSandbox();
    const key = newKey('crash');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    const dataDir = tempDir();
    const first = await startDelivery({ dataDir });
    const frozen = freezeCampaign(first.db, { messages: numbered(20), batchSize: 10 });
    await first.close();
    let landed = '';
    await crashedAfterClaim(dataDir, frozen, 0, async (body) => {
      landed = (await client.sendMultiple(body as never)).id;
    });

    const c = await startDelivery({ dataDir });
    await c.signIn(key, sandbox.url);
    await completed(c, frozen.id);
    const ledger = await sandbox.ledger(key);
    expect(ledger.messages.map((m) => m.reference).sort()).toEqual([...frozen.references].sort());
    expect(c.db.prepare('SELECT send_id, attempts FROM campaign_batches WHERE batch = 0').get()).toEqual({
      send_id: landed,
      attempts: 1,
    });
  });

  it('a batch left `sending` whose request never left: reconcile finds nothing, it is sent once', async () => {
    const sandbox = await useSandbox();
    const key = newKey('crash');
    const dataDir = tempDir();
    const first = await startDelivery({ dataDir });
    const frozen = freezeCampaign(first.db, { messages: numbered(20), batchSize: 10 });
    await first.close();
    await crashedAfterClaim(dataDir, frozen, 0);

    const c = await startDelivery({ dataDir });
    await c.signIn(key, sandbox.url);
    await completed(c, frozen.id);
    const ledger = await sandbox.ledger(key);
    expect(ledger.messages.map((m) => m.reference).sort()).toEqual([...frozen.references].sort());
    expect(c.db.prepare('SELECT attempts FROM campaign_batches WHERE batch = 0').get()).toEqual({
      attempts: 2,
    });
  });

  it('offline: queued while the service is down, delivered once it is back (same address, same state)', async () => {
    const dbFile = join(tempDir(), 'sandbox.json');
    let sandbox = await startSandbox({ port: 0, seed: 2, dbFile });
    const { port } = new URL(sandbox.url);
    const key = newKey('offline');
    const c = await startDelivery();
    await c.signIn(key, sandbox.url);
    await sandbox.close();

    const frozen = freezeCampaign(c.db, { messages: numbered(20), batchSize: 10 });
    c.delivery.wake();
    // The worker tries, finds nobody there, and keeps the batch queued (not counted as an attempt).
    await eventually(() =>
      expect(c.db.prepare('SELECT reason FROM campaign_batches WHERE batch = 0').get()).toEqual({
        reason: expect.stringMatching(/refused/),
      }),
    );
    expect(c.db.prepare('SELECT state, attempts FROM campaign_batches WHERE batch = 0').get()).toEqual({
      state: 'queued',
      attempts: 0,
    });

    sandbox = await startSandbox({ port: Number(port), seed: 2, dbFile });
    try {
      await completed(c, frozen.id);
      expect(
        sandbox
          .ledger(key)
          .messages.map((m) => m.reference)
          .sort(),
      ).toEqual([...frozen.references].sort());
    } finally {
      await sandbox.close();
    }
  });

  it('two workers on one data folder: one delivers, the other takes over when it stops; each message once', async () => {
    const sandbox = await useSandbox();
    const key = newKey('lease');
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1000 });
    await sandbox.faults([{ route: 'POST /v1/sms/send/multiple', fault: 'delay', delayMs: 150 }]);
    const dataDir = tempDir();
    const a = await startDelivery({ dataDir });
    const b = await startDelivery({ dataDir });
    const frozen = freezeCampaign(a.db, { messages: numbered(60), batchSize: 10 });
    await a.signIn(key, sandbox.url);
    await b.signIn(key, sandbox.url);
    await eventually(async () =>
      expect((await a.call('campaigns:progress', { id: frozen.id })).batches.accepted).toBeGreaterThan(0),
    );
    await a.close(); // the batch in flight settles, the lease is given back
    await completed(b, frozen.id);
    const refs = (await sandbox.ledger(key)).messages.map((m) => m.reference);
    expect(refs.sort()).toEqual([...frozen.references].sort());
  });
});
