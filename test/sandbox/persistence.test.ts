import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { MAGIC_CARDS, MAGIC_PHONES, startSandbox } from '../../src/sandbox';
import { call, Client, login } from '../support/sandbox-http';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'torpedo-sandbox-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('sandbox persistence (dbFile)', () => {
  it('keeps accounts, tokens, sends, contacts, invoices, links and the clock across a restart', async () => {
    const dbFile = join(dir, 'nested', 'sandbox.json');
    const sb1 = await startSandbox({ dbFile });
    const c1 = await login(sb1);
    const send = (
      await c1.post(PATHS.smsSendMultiple, { messages: [{ phone: MAGIC_PHONES.delivered, message: 'x' }] })
    ).body;
    const contact = (await c1.post(PATHS.contactsStore, { full_name: 'Ana', phone: '+5511999990000' })).body;
    await c1.post(PATHS.billingPurchase, { quantity: 1000, card_id: MAGIC_CARDS.processing });
    const link = (await c1.post(PATHS.shortLinks, { url: 'https://loja.example.test/' })).body;
    await c1.put(PATHS.accountWebhook, { rotate_secret: true });
    const webhook = (await c1.get(PATHS.accountWebhook)).body;
    sb1.advanceClock(60_000);
    const ledger = sb1.ledger(c1.key);
    const now1 = (await call(sb1.url, 'GET', '/__sandbox/clock')).body.now as string;
    await sb1.close();

    const saved = JSON.parse(readFileSync(dbFile, 'utf8'));
    expect(saved.version).toBe(1);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['sandbox.json']); // no temp file left behind

    const sb2 = await startSandbox({ dbFile });
    try {
      const c2 = new Client(sb2.url, c1.token, c1.key); // the old token still works
      expect(sb2.ledger(c1.key)).toEqual(ledger);
      expect((await c2.get(PATHS.accountBalance)).body.balance).toBe(50 - 0.09 + 90); // processing settled
      expect((await c2.get(PATHS.smsShow(send.id))).body.summary).toMatchObject({ delivered: 1, done: true });
      expect((await c2.get(PATHS.contactShow(contact))).body.fullName).toBe('Ana');
      expect((await c2.get(PATHS.accountWebhook)).body).toEqual(webhook);
      expect((await c2.get(PATHS.billingInvoices)).body.data[0].status.code).toBe('paid');
      const moved = (await c2.get(PATHS.shortLink(link.id))).body;
      expect(moved.shortUrl).toBe(`${sb2.url}/s/${link.shortUrl.split('/s/')[1]}`);
      expect((await fetch(moved.shortUrl, { redirect: 'manual' })).status).toBe(302);
      const now2 = (await call(sb2.url, 'GET', '/__sandbox/clock')).body.now as string;
      expect(Date.parse(now2)).toBeGreaterThanOrEqual(Date.parse(now1));
      // A later send after restart keeps counting.
      const again = await c2.post(PATHS.smsSendSingle, { phone: '+5511999990001', message: 'y' });
      expect(again.status).toBe(200);
      expect((await c2.get(PATHS.smsList)).body.data[0].number).toBe(2);
    } finally {
      await sb2.close();
    }
  });

  it('writes the snapshot soon after a change, without waiting for close', async () => {
    const dbFile = join(dir, 'sandbox.json');
    const sb = await startSandbox({ dbFile });
    try {
      const c = await login(sb);
      await c.post(PATHS.listsStore, { name: 'VIP' });
      const deadline = Date.now() + 3_000;
      let found = false;
      while (!found && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        try {
          found = readFileSync(dbFile, 'utf8').includes('"VIP"');
        } catch {
          found = false;
        }
      }
      expect(found).toBe(true);
    } finally {
      await sb.close();
    }
  });

  it('starts empty when the file does not exist yet', async () => {
    const sb = await startSandbox({ dbFile: join(dir, 'none.json') });
    expect(sb.ledger('test_x')).toEqual({ messages: [], sends: [], charges: [], balance: 0 });
    await sb.close();
  });
});
