/**
 * `server:sync` against a real Torpedo Server (embedded Postgres) that the
 * real sandbox pushes its events to: a campaign's delivery reports reach its
 * report, a page handed again after its ack was lost changes nothing, a
 * report both polled and pushed counts once, clicks likewise, and a reply
 * reaches the inbox's intake. In the background, the app reads on its own.
 */
import { describe, expect, it } from 'vitest';
import type { ServerSyncResult } from '@shared/dto/server';
import type { CampaignReportView } from '@shared/dto/history';
import type { ShortLinkView } from '@shared/dto/links';
import { composeAndSend, type CampaignCore } from '../../support/core-harness';
import { eventually } from '../../support/eventually';
import { sandboxAdmin } from '../../support/sandbox-admin';
import { usePostgres } from '../../server/support/postgres';
import { newKey, useSandbox } from '../api/sandbox-harness';
import { startServerCore, startTestServer, type RunningTestServer, type ServerCore } from './server-harness';

const pg = usePostgres();
const MESSAGES = 6;
/** Past the sandbox's latest final report (4 to 6 s after a message leaves the queue). */
const ALL_FINAL_MS = 10_000;
const WAIT_MS = 20_000;

async function connectedCore(sandboxUrl: string, server: RunningTestServer, background = false) {
  const key = newKey('sync');
  const c = await startServerCore({ accountKey: key, baseUrl: sandboxUrl, background });
  await c.call('server:connect', { url: server.url, code: await server.code() });
  return { c, key };
}

/** A campaign to MESSAGES contacts, sent by the worker; then the background stops, so each read is the test's. */
async function sentCampaign(c: ServerCore) {
  const campaign = await composeAndSend(c as unknown as CampaignCore, { contacts: MESSAGES });
  await eventually(async () => {
    const view = await c.call<{ idle: boolean }>('campaigns:outbox', { since: new Date(0).toISOString() });
    expect(view.idle).toBe(true);
  }, WAIT_MS);
  await c.core.stopBackground();
  return campaign;
}

/** Waits until the server holds a final report for each of the campaign's messages. */
async function finalReportsStored(server: RunningTestServer, count: number) {
  await eventually(async () => {
    const finals = (await server.events('sms.status')).filter(
      (e) => (JSON.parse(e.raw) as { data: { status: string } }).data.status !== 'in_progress',
    );
    expect(finals).toHaveLength(count);
  }, WAIT_MS);
}

const report = (c: ServerCore, campaignId: string, kept: boolean) =>
  c.call<CampaignReportView>('history:campaignReport', { campaignId, kept });

describe('server:sync', () => {
  it('moves the campaign’s report on pushed delivery reports; a page handed again after a lost ack changes nothing', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const { c, key } = await connectedCore(sandbox.url, server, true);
    const campaign = await sentCampaign(c);
    sandbox.advanceClock(ALL_FINAL_MS);
    await finalReportsStored(server, MESSAGES);
    const ledger = (await sandbox.ledger(key)).messages;
    const delivered = ledger.filter((m) => m.status === 'delivered').length;
    const failed = ledger.filter((m) => m.status === 'failed').length;
    expect(delivered + failed).toBe(MESSAGES);

    // Applied and committed, but the acknowledgement never reaches the server.
    server.loseAcks(1);
    expect(await c.refusal('server:sync')).toMatchObject({
      code: 'server_refused',
      params: { code: 'internal' },
    });
    const applied = await report(c, campaign.id, true);
    expect(applied.totals).toMatchObject({ messages: MESSAGES, delivered, failed, inProgress: 0 });
    expect(c.events.some((e) => e.event === 'history:updated')).toBe(true);
    expect(await c.call('server:status')).toMatchObject({ sync: { error: 'bad_answer' } });

    // The same page again: nothing moves, and this time it is acknowledged.
    const again = await c.call<ServerSyncResult>('server:sync');
    expect(again).toEqual({ received: 0, optedOut: 0, statuses: 0, clicks: 0 });
    expect((await report(c, campaign.id, true)).totals).toEqual(applied.totals);
    const status = await c.call<{ sync: { at: string | null; error: unknown } }>('server:status');
    expect(status.sync.error).toBeNull();
    expect(status.sync.at).not.toBeNull();
    expect((await server.pool.query('SELECT count(*)::int AS n FROM device_events')).rows[0].n).toBe(0);

    // The polling reads the same sends: the counts stay the service's, each message once.
    const polled = await report(c, campaign.id, false);
    expect(polled.totals).toMatchObject({ messages: MESSAGES, delivered, failed, inProgress: 0 });
    const numbers = c.db
      .prepare(
        `SELECT count(*) FROM history_numbers n JOIN history_sends s ON s.seq = n.send_seq
          WHERE s.id IN (SELECT send_id FROM campaign_batches WHERE campaign_id = ?)`,
      )
      .pluck()
      .get(campaign.id);
    expect(numbers).toBe(MESSAGES);
  });

  it('a delivery report polled first and pushed after counts once', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const { c, key } = await connectedCore(sandbox.url, server, true);
    const campaign = await sentCampaign(c);
    sandbox.advanceClock(ALL_FINAL_MS);
    await finalReportsStored(server, MESSAGES);
    const delivered = (await sandbox.ledger(key)).messages.filter((m) => m.status === 'delivered').length;

    const polled = await report(c, campaign.id, false);
    expect(polled.totals).toMatchObject({ delivered, inProgress: 0 });
    const pushed = await c.call<ServerSyncResult>('server:sync');
    expect(pushed.statuses).toBe(0);
    expect((await report(c, campaign.id, true)).totals).toEqual(polled.totals);
  });

  it('keeps each click once, pushed before or after the polling read it', async () => {
    const sandbox = await useSandbox();
    const admin = sandboxAdmin(sandbox.url);
    const server = await startTestServer(pg);
    const { c, key } = await connectedCore(sandbox.url, server);
    const clicksOf = (linkId: string) =>
      c.db.prepare('SELECT count(*) FROM short_link_clicks WHERE link_id = ?').pluck().get(linkId);

    // Pushed first: kept from the push, then the poll finds them known.
    const first = await c.call<ShortLinkView>('links:create', { url: 'https://loja.example/sabado' });
    await admin.clicks(key, { linkId: first.id }, 2, '+5511999990001');
    await eventually(async () => expect(await server.events('link.click')).toHaveLength(2), WAIT_MS);
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ clicks: 2 });
    expect(c.events.some((e) => e.event === 'links:clicked')).toBe(true);
    expect(clicksOf(first.id)).toBe(2);
    const read = await c.call<{ link: ShortLinkView; clicks: unknown[] }>('links:clicks', {
      id: first.id,
      page: 1,
    });
    expect(clicksOf(first.id)).toBe(2);
    expect(read.clicks).toHaveLength(2);
    expect(read.link.clicks).toBe(2);

    // Polled first: the pushes are recognised as the same clicks.
    const second = await c.call<ShortLinkView>('links:create', { url: 'https://loja.example/domingo' });
    await admin.clicks(key, { linkId: second.id }, 3, '+5511999990002');
    await c.call('links:clicks', { id: second.id, page: 1 });
    expect(clicksOf(second.id)).toBe(3);
    await eventually(async () => expect(await server.events('link.click')).toHaveLength(5), WAIT_MS);
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ clicks: 0 });
    expect(clicksOf(second.id)).toBe(3);
  });

  it('hands a customer’s reply to the inbox, once', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const { c, key } = await connectedCore(sandbox.url, server);
    await fetch(`${sandbox.url}/__sandbox/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, fromPhone: '+5511999990007', message: 'Tem em azul?' }),
    });
    await eventually(async () => expect(await server.events('sms.reply')).toHaveLength(1), WAIT_MS);
    expect(await c.call<ServerSyncResult>('server:sync')).toEqual({
      received: 1,
      optedOut: 0,
      statuses: 0,
      clicks: 0,
    });
    expect(c.intake.kept).toMatchObject([{ phone: '+5511999990007', text: 'Tem em azul?' }]);
    expect(await c.call<ServerSyncResult>('server:sync')).toMatchObject({ received: 0 });
  });

  it('reads on its own in the background while connected', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const { c, key } = await connectedCore(sandbox.url, server, true);
    await fetch(`${sandbox.url}/__sandbox/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, fromPhone: '+5511999990008', message: 'SAIR' }),
    });
    await eventually(() => expect(c.intake.kept).toHaveLength(1), WAIT_MS);
    await eventually(() => expect(c.events.some((e) => e.event === 'server:status')).toBe(true));
  });
});
