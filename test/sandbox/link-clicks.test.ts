/**
 * The sandbox's short links as the service lives them (ASSUMED, see its
 * README): `link_tracking` puts short links in the messages, the recipients
 * of delivered ones click on the simulated clock (each click kept and sent,
 * signed, as link.click), and an admin route makes clicks now.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { paginated, shortLink, shortLinkClick } from '@core/api/wire-schemas';
import { verifyWebhookSignature } from '@shared/webhook/signature';
import { startSandbox } from '../../src/sandbox/index';
import { call, login, phone, startReceiver, useSandbox, type Received } from '../support/sandbox-http';

const sandbox = useSandbox();
const LONG = 'https://loja.example.test/ofertas/sabado-de-descontos-em-toda-a-loja-ate-meia-noite?origem=sms';
const HOURS_3 = 3 * 60 * 60 * 1000;

const recipients = (n: number, text: string) =>
  Array.from({ length: n }, (_, i) => ({ phone: phone(i), message: text }));
const parse = (r: Received) => JSON.parse(r.raw) as { event: string; data: Record<string, unknown> };

describe('sandbox link tracking and clicks', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  it('with link_tracking on, delivers the messages with a short link in place of the address, priced on that text', async () => {
    const c = await login(sandbox());
    const text = `Oferta: ${LONG} ${'a'.repeat(60)}`; // 168 characters: two parts as written
    const sent = await c.post(PATHS.smsSendMultiple, {
      messages: recipients(3, text),
      link_tracking: 'track',
    });
    expect(sent.status).toBe(200);
    const links = paginated(shortLink).parse((await c.get(`${PATHS.shortLinks}?page=1`)).body).data;
    expect(links).toHaveLength(1);
    expect(links[0]!.url).toBe(LONG);
    const detail = (await c.get(PATHS.smsShow(sent.body.id))).body;
    expect(
      detail.phones.every((p: { message: string }) => p.message === text.replace(LONG, links[0]!.shortUrl)),
    ).toBe(true);
    expect(detail.total).toBe(3); // one part each once shortened

    // A text that already carries one of the account's short links keeps it as it is.
    const again = await c.post(PATHS.smsSendMultiple, {
      messages: [{ phone: phone(9), message: `Veja ${links[0]!.shortUrl}` }],
      link_tracking: 'track',
    });
    expect((await c.get(PATHS.smsShow(again.body.id))).body.phones[0].message).toBe(
      `Veja ${links[0]!.shortUrl}`,
    );
    expect(paginated(shortLink).parse((await c.get(`${PATHS.shortLinks}?page=1`)).body).data).toHaveLength(1);
  });

  it("a share of the delivered messages' recipients click, on the simulated clock, each click signed to the webhook", async () => {
    const c = await login(sandbox());
    const { secret } = (await c.put(PATHS.accountWebhook, { url: receiver.url })).body;
    const link = shortLink.parse(
      (await c.post(PATHS.shortLinks, { url: 'https://loja.example.test/a' })).body,
    );
    await c.post(PATHS.smsSendMultiple, { messages: recipients(40, `Oi! ${link.shortUrl}`) });

    sandbox().advanceClock(10_000); // delivered, nobody has clicked yet (30 s at the earliest)
    expect(shortLink.parse((await c.get(PATHS.shortLink(link.id))).body).clicks).toBe(0);

    sandbox().advanceClock(HOURS_3);
    const clicks = paginated(shortLinkClick).parse(
      (await c.get(`${PATHS.shortLinkClicks(link.id)}?page=1`)).body,
    );
    expect(clicks.meta.total).toBeGreaterThan(0);
    expect(clicks.meta.total).toBeLessThan(40);
    // Each click names the recipient of the message it was in.
    expect(clicks.data.every((k) => k.phone !== null && k.phone.startsWith('+5511'))).toBe(true);

    await receiver.waitFor(
      (r) => r.filter((x) => parse(x).event === 'link.click').length === clicks.meta.total,
    );
    for (const r of receiver.received.filter((x) => parse(x).event === 'link.click')) {
      expect(await verifyWebhookSignature(r.raw, r.headers['x-smsgo-signature'] as string, secret)).toBe(
        true,
      );
      expect(parse(r).data).toMatchObject({ linkId: link.id, shortUrl: link.shortUrl });
    }
  });

  it('POST /__sandbox/clicks makes N clicks on a link now, and refuses a deactivated one', async () => {
    const c = await login(sandbox());
    const link = shortLink.parse(
      (await c.post(PATHS.shortLinks, { url: 'https://loja.example.test/b' })).body,
    );
    const made = await call(sandbox().url, 'POST', '/__sandbox/clicks', {
      body: { key: c.key, shortUrl: link.shortUrl, count: 3 },
    });
    expect(made.body).toEqual({ linkId: link.id, clicks: 3 });
    expect(shortLink.parse((await c.get(PATHS.shortLink(link.id))).body).clicks).toBe(3);

    await c.post(PATHS.shortLinkDeactivate(link.id));
    const refused = await call(sandbox().url, 'POST', '/__sandbox/clicks', {
      body: { key: c.key, linkId: link.id },
    });
    expect(refused.status).toBe(422);
  });

  it('after a restart, the clicks still to come come once, and those made stay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torpedo-sandbox-clicks-'));
    try {
      const dbFile = join(dir, 'sandbox.json');
      const sb1 = await startSandbox({ dbFile, seed: 7 });
      const c1 = await login(sb1);
      const link = shortLink.parse(
        (await c1.post(PATHS.shortLinks, { url: 'https://loja.example.test/c' })).body,
      );
      await c1.post(PATHS.smsSendMultiple, { messages: recipients(40, `Oi! ${link.shortUrl}`) });
      sb1.advanceClock(HOURS_3);
      const before = shortLink.parse((await c1.get(PATHS.shortLink(link.id))).body).clicks;
      expect(before).toBeGreaterThan(0);
      await sb1.close();

      const sb2 = await startSandbox({ dbFile, seed: 7 });
      try {
        const c2 = await login(sb2, c1.key);
        sb2.advanceClock(HOURS_3);
        expect(shortLink.parse((await c2.get(PATHS.shortLink(link.id))).body).clicks).toBe(before);
      } finally {
        await sb2.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
