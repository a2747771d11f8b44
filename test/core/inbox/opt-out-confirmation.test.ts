/**
 * The confirmation SMS after "SAIR" (issue 33 item 5), end to end on real
 * parts: the sandbox posts the customer's reply to a real Torpedo Server
 * (embedded Postgres), the core reads it with `server:sync`, the inbox's own
 * intake opts the number out and records the confirmation in the same
 * transaction, and the sender sends it to the sandbox. Held to the
 * sandbox's ledger: off by default nothing goes; on, exactly one SMS per
 * opt-out, also when the page of events is handed twice (a lost ack), and
 * when the service's answer to the send is lost and the app is restarted
 * before it knows (the send is found on the service, not sent again).
 */
import { describe, expect, it } from 'vitest';
import type { ServerSyncResult } from '@shared/dto/server';
import type { ConversationView, OptOutConfirmationView } from '@shared/dto/inbox';
import { eventually } from '../../support/eventually';
import { usePostgres } from '../../server/support/postgres';
import { newKey, useSandbox } from '../api/sandbox-harness';
import { startServerCore, startTestServer, type RunningTestServer } from '../server/server-harness';

const pg = usePostgres();
const WAIT_MS = 20_000;
const TEXT = 'Loja Maria: Pronto, você não recebe mais nossas mensagens.';

type Sandbox = Awaited<ReturnType<typeof useSandbox>>;

async function setUp(opts: { on: boolean; settleMs?: number }) {
  const sandbox = await useSandbox();
  const server = await startTestServer(pg);
  const key = newKey('confirm');
  const c = await startServerCore({
    accountKey: key,
    baseUrl: sandbox.url,
    realInbox: true,
    ...(opts.settleMs ? { timings: { settleMs: opts.settleMs } } : {}),
  });
  await c.call('server:connect', { url: server.url, code: await server.code() });
  await c.call('rules:set', { prefix: 'Loja Maria:', ...(opts.on ? { optOutConfirmation: true } : {}) });
  return { sandbox, server, key, c };
}

/** A customer's reply, as the service pushes it to the server; waits until the server has it. */
async function customerWrites(
  sandbox: Sandbox,
  server: RunningTestServer,
  key: string,
  phone: string,
  text: string,
) {
  const before = (await server.events('sms.reply')).length;
  await fetch(`${sandbox.url}/__sandbox/reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, fromPhone: phone, message: text }),
  });
  await eventually(async () => expect(await server.events('sms.reply')).toHaveLength(before + 1), WAIT_MS);
}

const confirmations = (c: { db: { prepare: (sql: string) => { all: () => unknown[] } } }) =>
  c.db.prepare('SELECT phone, state, send_id FROM opt_out_confirmations ORDER BY created_at').all() as {
    phone: string;
    state: string;
    send_id: string | null;
  }[];

describe('the confirmation SMS after an opt-out by reply', () => {
  it('is off by default; on, one SMS with the business name and no "Como sair", shown in the conversation with its cost', async () => {
    const { sandbox, server, key, c } = await setUp({ on: false });
    const view = await c.call<OptOutConfirmationView>('inbox:optOutConfirmation');
    expect(view).toEqual({ on: false, text: TEXT, segments: 1, cost: expect.any(Number) });
    expect(view.cost).toBeGreaterThan(0);

    // Off: the opt-out is recorded, nothing is sent.
    await customerWrites(sandbox, server, key, '+5511999990001', 'SAIR');
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ received: 1, optedOut: 1 });
    expect((await sandbox.ledger(key)).messages).toEqual([]);
    expect(confirmations(c)).toEqual([]);

    // On: the next opt-out gets its confirmation, once; a question gets none, nor a second SAIR.
    await c.call('rules:set', { optOutConfirmation: true, howToStop: 'on' });
    expect((await c.call<OptOutConfirmationView>('inbox:optOutConfirmation')).on).toBe(true);
    await customerWrites(sandbox, server, key, '+5511999990002', 'Pare!');
    await customerWrites(sandbox, server, key, '+5511999990003', 'Vocês abrem sábado?');
    await customerWrites(sandbox, server, key, '+5511999990001', 'sair');
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ received: 3, optedOut: 1 });
    const ledger = await eventually(async () => {
      const l = await sandbox.ledger(key);
      expect(l.messages).toHaveLength(1);
      return l;
    }, WAIT_MS);
    // "Como sair" is on for every campaign message, and still not on this one.
    expect(ledger.messages[0]).toMatchObject({ phone: '+5511999990002', message: TEXT, segments: 1 });
    expect(ledger.messages[0]!.reference).toMatch(/^optout-/);
    await eventually(() => expect(confirmations(c)).toMatchObject([{ state: 'sent' }]), WAIT_MS);

    const conversation = await c.call<ConversationView>('inbox:conversation', { phone: '+5511999990002' });
    expect(conversation.messages.map((m) => [m.direction, m.text])).toEqual([
      ['in', 'Pare!'],
      ['out', TEXT],
    ]);
    const cost = c.db.prepare('SELECT cost FROM inbox_sends WHERE phone = ?').pluck().get('+5511999990002');
    expect(cost).toBeCloseTo(ledger.sends[0]!.debited, 2);
    expect(cost).toBeCloseTo(view.cost!, 2);
  });

  it('sends one when the page of events is handed twice (its ack lost)', async () => {
    const { sandbox, server, key, c } = await setUp({ on: true });
    await customerWrites(sandbox, server, key, '+5511999990004', 'DESCADASTRAR');
    server.loseAcks(1);
    expect((await c.refusal('server:sync')).code).toBe('server_refused');
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ received: 0, optedOut: 0 });
    await eventually(() => expect(confirmations(c)).toMatchObject([{ state: 'sent' }]), WAIT_MS);
    await c.core.stopBackground();
    const ledger = await sandbox.ledger(key);
    expect(ledger.messages.map((m) => [m.phone, m.message])).toEqual([['+5511999990004', TEXT]]);
    expect(ledger.sends).toHaveLength(1);
  });

  it('sends one when the service’s answer is lost and the app restarts before it knows: found on the service, not sent again', async () => {
    // This run of the app would wait a minute before looking the send up: it is gone before then.
    const { sandbox, server, key, c } = await setUp({ on: true, settleMs: 60_000 });
    // The send is taken and charged, then the connection drops before the answer.
    await sandbox.faults([{ route: 'POST /v1/sms/send/single', fault: 'drop-after-commit', count: 1 }]);
    await customerWrites(sandbox, server, key, '+5511999990005', 'STOP');
    await c.call<ServerSyncResult>('server:sync');
    await eventually(async () => expect((await sandbox.ledger(key)).messages).toHaveLength(1), WAIT_MS);
    // The app knows only that the request left: it stays "sending" (never sent again on a guess).
    await eventually(
      () => expect(confirmations(c)).toMatchObject([{ state: 'sending', send_id: null }]),
      WAIT_MS,
    );
    await c.core.close();
    expect(confirmations(c)).toMatchObject([{ state: 'sending', send_id: null }]);

    // The app again, on the same data folder (as after a kill): it looks the send up and marks it sent.
    const again = await startServerCore({
      accountKey: key,
      baseUrl: sandbox.url,
      realInbox: true,
      dataDir: c.dataDir,
      store: c.store,
      signIn: false,
      background: true,
    });
    const ledger = await sandbox.ledger(key);
    await eventually(
      () =>
        expect(confirmations(again)).toEqual([
          { phone: '+5511999990005', state: 'sent', send_id: ledger.sends[0]!.sendId },
        ]),
      WAIT_MS,
    );
    await again.core.stopBackground();
    const after = await sandbox.ledger(key);
    expect(after.messages).toHaveLength(1);
    expect(after.sends).toEqual(ledger.sends); // charged once
    const conversation = await again.call<ConversationView>('inbox:conversation', {
      phone: '+5511999990005',
    });
    expect(conversation.messages.filter((m) => m.direction === 'out')).toHaveLength(1);
  });

  it('is not sent to a number on a block list (the opt-out still is recorded)', async () => {
    const { sandbox, server, key, c } = await setUp({ on: true });
    const file = new TextEncoder().encode('TELEFONE\n11999990006\n');
    const opened = await c.call<{ importId: string; preview: { mapping: object } }>('import:open', {
      fileName: 'procon.csv',
      data: file,
      purpose: 'numbers',
    });
    await c.call('import:plan', {
      importId: opened.importId,
      mapping: { ...opened.preview.mapping, custom: [] },
      defaultCountry: 'BR',
      acceptNineDigitFix: true,
      locale: 'en',
    });
    await c.call('import:block', { importId: opened.importId, list: { kind: 'procon-sp' } });
    await customerWrites(sandbox, server, key, '+5511999990006', 'SAIR');
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ optedOut: 1 });
    await eventually(() => expect(confirmations(c)).toMatchObject([{ state: 'skipped' }]), WAIT_MS);
    expect((await sandbox.ledger(key)).messages).toEqual([]);
  });

  it('goes before the core closes when the sync that read the SAIR was its last work (the CLI’s inbox sync)', async () => {
    const { sandbox, server, key, c } = await setUp({ on: true });
    await customerWrites(sandbox, server, key, '+5511999990007', 'Cancelar');
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ optedOut: 1 });
    await c.core.close();
    expect(confirmations(c)).toMatchObject([{ phone: '+5511999990007', state: 'sent' }]);
    expect((await sandbox.ledger(key)).messages.map((m) => m.message)).toEqual([TEXT]);
  });
});
