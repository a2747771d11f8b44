/**
 * The reconcile rule against a real sandbox over HTTP: sends really made
 * (or not) through the client, then asked "did this batch land?".
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { findLandedSend, type BatchFingerprint } from '@core/campaigns/delivery/reconcile';
import { newKey, useSandbox } from '../../api/sandbox-harness';

const batchOf = (phones: string[], text = 'Promoção de sábado') =>
  phones.map((phone) => ({ phone, message: text }));
const phones = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `+55119${String(20_000_000 + from + i).padStart(8, '0')}`);

async function setup() {
  const sandbox = await useSandbox();
  const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: newKey('reconcile') });
  const reads = {
    listSends: (page: number) => client.listSends(page),
    getSend: (id: string) => client.getSend(id),
  };
  return { sandbox, client, reads };
}

const fingerprint = (messages: BatchFingerprint['messages'], attemptStartedAt: Date): BatchFingerprint => ({
  quantity: messages.length,
  attemptStartedAt: attemptStartedAt.toISOString(),
  messages,
  maskLinks: false,
});

const options = { clockSkewMs: 60_000, isOwned: () => false };

describe('reconcile: did the batch land?', () => {
  it('a send with the same numbers and texts (in any order) is the batch: landed, with its id', async () => {
    const { client, reads } = await setup();
    const started = new Date();
    const batch = batchOf(phones(0, 5));
    const sent = await client.sendMultiple({ messages: [...batch].reverse() });
    expect(await findLandedSend(reads, fingerprint(batch, started), options)).toEqual({
      landed: true,
      sendId: sent.id,
    });
  });

  it('no send with its messages: not landed (even with sends of the same quantity around)', async () => {
    const { client, reads } = await setup();
    const started = new Date();
    await client.sendMultiple({ messages: batchOf(phones(100, 5)) }); // other numbers
    await client.sendMultiple({ messages: batchOf(phones(0, 5), 'Outro texto') }); // same numbers, other text
    await client.sendMultiple({ messages: batchOf(phones(0, 4)) }); // a subset
    expect(await findLandedSend(reads, fingerprint(batchOf(phones(0, 5)), started), options)).toEqual({
      landed: false,
    });
  });

  it('two candidates of equal quantity: the one whose messages match, found on a later page', async () => {
    const { client, reads } = await setup();
    const started = new Date();
    const batch = batchOf(phones(0, 3));
    const match = await client.sendMultiple({ messages: batch });
    await client.sendMultiple({ messages: batchOf(phones(50, 3)) });
    // 25 newer sends push the match to page 2 of the list (20 per page).
    for (let i = 0; i < 25; i++) await client.sendMultiple({ messages: batchOf(phones(200 + i, 1)) });
    expect((await client.listSends(1)).meta.lastPage).toBe(2);
    expect(await findLandedSend(reads, fingerprint(batch, started), options)).toEqual({
      landed: true,
      sendId: match.id,
    });
  });

  it('identical sends: one already owned by a batch is skipped, the other settles this batch', async () => {
    const { client, reads } = await setup();
    const started = new Date();
    const batch = batchOf(phones(0, 2));
    const first = await client.sendMultiple({ messages: batch });
    const second = await client.sendMultiple({ messages: batch });
    const ownedFirst = { ...options, isOwned: (id: string) => id === first.id };
    expect(await findLandedSend(reads, fingerprint(batch, started), ownedFirst)).toEqual({
      landed: true,
      sendId: second.id,
    });
    const ownedBoth = { ...options, isOwned: (id: string) => id === first.id || id === second.id };
    expect(await findLandedSend(reads, fingerprint(batch, started), ownedBoth)).toEqual({ landed: false });
  });

  it('clock skew: a send stamped before the attempt by the service clock still counts within the margin', async () => {
    const { client, reads } = await setup();
    const batch = batchOf(phones(0, 2));
    const sent = await client.sendMultiple({ messages: batch });
    // Our clock runs 5 minutes ahead of the service's: the attempt "started" after the send's created_at.
    const ourStart = new Date(Date.now() + 5 * 60_000);
    expect(
      await findLandedSend(reads, fingerprint(batch, ourStart), { ...options, clockSkewMs: 10 * 60_000 }),
    ).toEqual({
      landed: true,
      sendId: sent.id,
    });
    // A send older than the attempt by more than the margin is somebody else's: not looked at.
    expect(
      await findLandedSend(reads, fingerprint(batch, ourStart), { ...options, clockSkewMs: 60_000 }),
    ).toEqual({
      landed: false,
    });
  });

  it('the service clock ahead of ours changes nothing: newer sends are always looked at', async () => {
    const { sandbox, client, reads } = await setup();
    const started = new Date();
    await sandbox.advanceClock(3 * 60 * 60_000);
    const batch = batchOf(phones(0, 2));
    const sent = await client.sendMultiple({ messages: batch });
    expect(await findLandedSend(reads, fingerprint(batch, started), options)).toEqual({
      landed: true,
      sendId: sent.id,
    });
  });

  it('with link tracking on, a link the service rewrote still matches', async () => {
    const batch = batchOf(phones(0, 2), 'Veja https://loja.example/oferta hoje');
    const reads = {
      listSends: async () => ({
        meta: {
          total: 1,
          perPage: 20,
          currentPage: 1,
          lastPage: 1,
          firstPage: 1,
          firstPageUrl: '',
          lastPageUrl: '',
          nextPageUrl: null,
          previousPageUrl: null,
        },
        data: [
          {
            id: 's1',
            number: 1,
            date: null,
            quantity: 2,
            full_name: 'Loja',
            created_at: new Date().toISOString(),
            status: 'queued',
            type: 'Padrão',
          },
        ],
      }),
      getSend: async () => ({
        id: 's1',
        quantity: 2,
        characters: 40,
        date: null,
        total: 2,
        cost: 0.18,
        user: 'Loja',
        status: 'queued',
        type: 'Padrão',
        summary: { total: 2, delivered: 0, failed: 0, inProgress: 2, done: false },
        phones: batch.map((m, i) => ({
          id: `n${i}`,
          characters: 40,
          code: null,
          cost: 0.09,
          phone: m.phone,
          status: 'queued',
          template: null,
          created_at: new Date().toISOString(),
          message: 'Veja https://sho.rt/x1 hoje',
        })),
      }),
    };
    const started = new Date(Date.now() - 1000);
    expect(await findLandedSend(reads, { ...fingerprint(batch, started), maskLinks: true }, options)).toEqual(
      {
        landed: true,
        sendId: 's1',
      },
    );
    expect(await findLandedSend(reads, fingerprint(batch, started), options)).toEqual({ landed: false });
  });

  it('a failed read decides nothing: the error comes out, no verdict', async () => {
    const { sandbox, reads } = await setup();
    await sandbox.faults([{ route: 'GET /v1/sms/list', fault: 'status', status: 503 }]);
    await expect(
      findLandedSend(reads, fingerprint(batchOf(phones(0, 1)), new Date()), options),
    ).rejects.toMatchObject({
      status: 503,
    });
  });
});
