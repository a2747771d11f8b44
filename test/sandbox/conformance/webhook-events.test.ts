/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
// The sandbox's conformance to the wire facts: outbound webhook events (signature and body). How it is checked: strict-client.ts.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EVENT_KEYS, PHONE_DELIVERED } from './spec-facts';
import { account, expectKeys, isStr, isIso, until, sb, sandboxPerTest } from './strict-client';

sandboxPerTest();

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

async function receiver() {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { url, hits, close };
}

function expectSignedEvent(hit: Hit, secret: string): any {
  expect(hit.headers['content-type']).toMatch(/^application\/json/);
  const expected = 'sha256=' + createHmac('sha256', secret).update(hit.raw).digest('hex');
  expect(hit.headers['x-smsgo-signature']).toBe(expected);
  const body = JSON.parse(hit.raw);
  expectKeys(body, EVENT_KEYS, 'event');
  expect(isStr(body.id) && body.id.length > 0).toBe(true);
  expect(isIso(body.sentAt)).toBe(true);
  expect(body.test).toBe(true);
  expect(['sms.status', 'sms.reply', 'link.click']).toContain(body.event);
  // Real time, whatever the sandbox's clock says: the SDKs' freshness check compares it with theirs.
  expect(Math.abs(Date.now() - Date.parse(body.sentAt))).toBeLessThan(60_000);
  expect(body.data !== null && typeof body.data === 'object').toBe(true);
  return body;
}

describe('outbound webhook events', () => {
  it('sms.status events: signed, with id, sentAt, test and the send data; also to urlCallback', async () => {
    const rx = await receiver();
    try {
      const a = await account();
      await a.put('/v1/account/webhook', { url: `${rx.url}/account` });
      const secret = (await a.get('/v1/account/webhook')).body.secret as string;
      expect(secret).toMatch(/^whsec_/);
      const sent = await a.post('/v1/sms/send/multiple', {
        messages: [{ phone: PHONE_DELIVERED, message: 'x', reference: 'pedido-42' }],
        urlCallback: `${rx.url}/callback`,
      });
      expect(sent.status).toBe(200);
      sb.advanceClock(10_000);
      const delivered = (h: Hit, path: string) =>
        h.path === path && JSON.parse(h.raw).data.status === 'delivered';
      await until(
        () => rx.hits.some((h) => delivered(h, '/account')) && rx.hits.some((h) => delivered(h, '/callback')),
      );
      const ids = new Set<string>();
      for (const hit of rx.hits) {
        const ev = expectSignedEvent(hit, secret);
        expect(ev.event).toBe('sms.status');
        const data = JSON.stringify(ev.data);
        expect(data).toContain(sent.body.id);
        expect(ev.data.phone).toBe(PHONE_DELIVERED.slice(1)); // without +, as the SDKs write it
        expect(data).toContain('pedido-42');
        if (hit.path === '/account') {
          expect(ids.has(ev.id), 'event ids are unique').toBe(false);
          ids.add(ev.id);
        }
      }
    } finally {
      await rx.close();
    }
  });

  it('link.click event on a short-link visit', async () => {
    const rx = await receiver();
    try {
      const a = await account();
      await a.put('/v1/account/webhook', { url: rx.url });
      const secret = (await a.get('/v1/account/webhook')).body.secret as string;
      const link = (await a.post('/v1/short-links', { url: 'https://example.com' })).body;
      await (await fetch(link.shortUrl, { redirect: 'manual' })).arrayBuffer();
      await until(() => rx.hits.length > 0);
      const ev = expectSignedEvent(rx.hits[0]!, secret);
      expect(ev.event).toBe('link.click');
      expect(JSON.stringify(ev.data)).toContain(link.id);
    } finally {
      await rx.close();
    }
  });
});
