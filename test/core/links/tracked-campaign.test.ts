/**
 * Tracked campaigns on the real core against a real sandbox over HTTP: the
 * cost counted with the short address's length, a campaign frozen with no
 * service at all and sent later with short links Torpedo made itself, the
 * clicks the sandbox's recipients make on its clock, per link and per
 * campaign, and the report's CSV with them.
 */
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { eventually, newKey, useSandbox } from '../billing/billing-harness';
import { campaignRow, outbox } from '../campaigns/composer/composer-harness';
import { sandboxAdmin } from '../../support/sandbox-admin';
import { tempDir } from '../../support/temp-dir';
import { openCore, seed } from './tracked-harness';

/** 90 characters: two parts' worth with the text around it, one part's as a short link. */
const LONG = 'https://loja.example/ofertas/sabado-de-descontos-em-toda-a-loja-ate-meia-noite?origem=sms';

/** A text of exactly `length` characters (GSM-7) around the address. */
const around = (url: string, length: number) => `Oferta! ${url} ${'a'.repeat(length - 9)}`;

describe('tracked campaigns', () => {
  it('counts a message that needs two parts with its long address as one with the short link, and says so', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const listId = seed(dataDir, 3);
    const c = await openCore(sandbox, dataDir, newKey('tracked'));
    const { id } = await c.call('campaigns:create', {});
    // 100 characters besides the address: 190 with it (2 parts), 128 to 132 with a short one (1 part).
    await c.call('campaigns:saveDraft', {
      id,
      template: around(LONG, 100),
      audience: { listIds: [listId], contactIds: [] },
    });
    expect(await c.call('campaigns:estimate', { id })).toMatchObject({
      segments: 6,
      cost: 0.54,
      shortLinks: null,
    });

    await c.call('campaigns:saveDraft', { id, options: { linkTracking: 'track' } });
    // The account has no short link yet: the length is a guess, and the estimate says so.
    expect(await c.call('campaigns:estimate', { id })).toMatchObject({
      segments: 3,
      cost: 0.27,
      shortLinks: { links: 1, length: 28, basis: 'guess' },
    });

    // Once the account has one, its real length is used.
    const made = await c.call('links:create', { url: 'https://loja.example/' });
    expect(await c.call('campaigns:estimate', { id })).toMatchObject({
      segments: 3,
      shortLinks: { links: 1, length: made.shortUrl.length, basis: 'account' },
    });
  });

  it('a test message carries the real short link, which the campaign then keeps and counts with', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const listId = seed(dataDir, 2);
    const key = newKey('tracked');
    const c = await openCore(sandbox, dataDir, key);
    const { id } = await c.call('campaigns:create', {});
    await c.call('campaigns:saveDraft', {
      id,
      template: around(LONG, 100),
      audience: { listIds: [listId], contactIds: [] },
      options: { linkTracking: 'track' },
    });
    await c.call('campaigns:testSend', { id, phone: '11 98888-7777' });
    const [sent] = sandbox.ledger(key).messages;
    expect(sent!.message).not.toContain(LONG);
    const short = /http:\/\/127\.0\.0\.1:\d+\/s\/\w+/.exec(sent!.message)![0];
    expect(await c.call('campaigns:estimate', { id })).toMatchObject({
      shortLinks: { links: 1, length: short.length, basis: 'campaign' },
    });
    const clicks = await c.call('links:campaign', { campaignId: id });
    expect(clicks.links.map((l) => l.link?.shortUrl)).toEqual([short]);
  });

  it('is sent after test messages (twice, tracking off and on, two links), with the links the tests made', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const listId = seed(dataDir, 2);
    const key = newKey('tracked');
    const c = await openCore(sandbox, dataDir, key, { background: true });
    const { id } = await c.call('campaigns:create', {});
    const second = 'https://loja.example/cupom';
    await c.call('campaigns:saveDraft', {
      id,
      template: `Oferta! ${LONG} e ${second}`,
      audience: { listIds: [listId], contactIds: [] },
      options: { linkTracking: 'track' },
    });
    await c.call('campaigns:testSend', { id, phone: '11 98888-7777' });
    await c.call('campaigns:saveDraft', { id, options: { linkTracking: 'none' } });
    await c.call('campaigns:saveDraft', { id, options: { linkTracking: 'track' } });
    await c.call('campaigns:testSend', { id, phone: '11 98888-7777' });
    const tested = sandbox.ledger(key).messages.at(-1)!.message;

    // The send freezes the same addresses again: the links the tests made are kept, not made twice.
    const sent = await c.core.dispatch('campaigns:send', { id });
    expect(sent.ok, JSON.stringify(!sent.ok && sent.error)).toBe(true);
    await eventually(() => expect(sandbox.ledger(key).messages.filter((m) => m.reference)).toHaveLength(2));
    const links = await c.call('links:campaign', { campaignId: id });
    expect(links.links).toHaveLength(2);
    for (const m of sandbox.ledger(key).messages.filter((m) => m.reference)) expect(m.message).toBe(tested);
  });

  it('frozen with no service at all, is sent later with the short links Torpedo made, counted again at their real length', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const listId = seed(dataDir, 20);
    const key = newKey('tracked');
    const store = createMemorySecretStore();
    const first = await openCore(sandbox, dataDir, key, { store });
    const { id } = await first.call('campaigns:create', { name: 'Sábado' });
    // 130 characters besides the address: 158 with the guessed 28-character link (1 part),
    // 161 or more with the sandbox's real one (2 parts).
    await first.call('campaigns:saveDraft', {
      id,
      template: around(LONG, 130),
      audience: { listIds: [listId], contactIds: [] },
      options: { linkTracking: 'track' },
    });
    await first.call('campaigns:smsTypes', {});
    await sandbox.faults([{ route: '*', fault: 'drop-before-commit' }]);
    await first.call('campaigns:send', { id });
    await first.core.close();

    const db = openDatabase(join(dataDir, 'torpedo.db'));
    onTestFinished(() => {
      if (db.open) db.close();
    });
    expect(campaignRow(db, id)).toMatchObject({
      status: 'queued',
      segments: 20,
      cost: 1.8,
      links_ready_at: null,
    });
    expect(outbox(db, id).messages[0]!.message).toContain(LONG);
    expect(sandbox.ledger(key).messages).toHaveLength(0);

    await sandbox.clearFaults();
    const second = await openCore(sandbox, dataDir, key, { store, background: true, restore: true });
    await eventually(() => expect(sandbox.ledger(key).messages).toHaveLength(20), 15_000);
    const sent = sandbox.ledger(key).messages;
    const shortUrls = new Set(sent.map((m) => /http:\/\/127\.0\.0\.1:\d+\/s\/\w+/.exec(m.message)?.[0]));
    expect(shortUrls.size).toBe(1);
    expect(sent.every((m) => !m.message.includes(LONG))).toBe(true);
    // Counted again before it left: 2 parts each, and the campaign's cost is what the service charged.
    const row = campaignRow(db, id)!;
    expect(row).toMatchObject({ segments: 40, cost: 3.6 });
    expect(row.links_ready_at).not.toBeNull();
    expect(outbox(db, id).messages.map((m) => m.message)).toEqual(sent.map((m) => m.message));
    const listed = await second.call('links:list', { page: 1 });
    expect(listed.links[0]).toMatchObject({ url: LONG, title: 'Sábado', campaign: { id, name: 'Sábado' } });
  });

  it("counts the recipients' clicks per link and per campaign, and puts each recipient's in the CSV", async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const listId = seed(dataDir, 40);
    const key = newKey('tracked');
    const c = await openCore(sandbox, dataDir, key, { background: true });
    const { id } = await c.call('campaigns:create', { name: 'Dois links' });
    await c.call('campaigns:saveDraft', {
      id,
      template: 'Sapatos: loja.com.br/sapatos e bolsas: https://loja.example/bolsas',
      audience: { listIds: [listId], contactIds: [] },
      options: { linkTracking: 'track' },
    });
    await c.call('campaigns:send', { id });
    await eventually(() => expect(sandbox.ledger(key).messages).toHaveLength(40), 15_000);
    const before = await c.call('links:campaign', { campaignId: id });
    expect(before.links.map((l) => [l.written, l.link?.url])).toEqual([
      ['loja.com.br/sapatos', 'http://loja.com.br/sapatos'],
      ['https://loja.example/bolsas', 'https://loja.example/bolsas'],
    ]);
    expect(before.clicks).toBe(0);

    // Delivered within seconds; the recipients click within two hours of the sandbox's clock.
    sandbox.advanceClock(3 * 60 * 60 * 1000);
    const after = await c.call('links:campaign', { campaignId: id });
    expect(after.clicks).toBeGreaterThan(0);
    expect(after.clicks).toBe(after.links.reduce((n, l) => n + l.clicks, 0));
    for (const l of after.links) {
      expect(l.link!.clicks).toBe(l.clicks);
      if (l.clicks > 0) expect(l.series.at(-1)!.clicks).toBe(l.clicks);
    }

    // Clicks made now on one link add to that link and to the campaign.
    await sandboxAdmin(sandbox.url).clicks(key, { linkId: after.links[1]!.link!.id }, 5);
    const more = await c.call('links:campaign', { campaignId: id });
    expect(more.links[1]!.clicks).toBe(after.links[1]!.clicks + 5);
    expect(more.clicks).toBe(after.clicks + 5);

    await c.call('history:exportCampaign', { campaignId: id });
    const csv = c.host.savedFiles.at(-1)!.content;
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(rows[0]!.at(-1)).toBe('Cliques');
    // The five clicks made by hand name no recipient; every other click is someone's.
    expect(rows.slice(1).reduce((n, r) => n + Number(r.at(-1)), 0)).toBe(after.clicks);
    // The report's per-number table says the same, number by number.
    const page = await c.call('history:campaignNumbers', { campaignId: id, query: '', page: 1, perPage: 50 });
    const byReference = new Map(rows.slice(1).map((r) => [r[4], Number(r.at(-1))]));
    expect(page.rows).toHaveLength(40);
    expect(page.rows.map((r) => r.clicks)).toEqual(page.rows.map((r) => byReference.get(r.reference)));
    expect(page.rows.reduce((n, r) => n + r.clicks!, 0)).toBe(after.clicks);
  });
});
