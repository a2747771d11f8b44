/**
 * The demo's sandbox (localWebhooksOnly) keeps the demo's promise that
 * nothing leaves this computer: its events and its test event reach only
 * loopback addresses. Proven with a receiver on this machine's outward
 * address, which another computer would use: it must receive nothing.
 */
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { MAGIC_PHONES } from '../../src/sandbox';
import { call, login, startReceiver, useSandbox } from '../support/sandbox-http';

const outward =
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? null;

const sandbox = useSandbox({ localWebhooksOnly: true });

describe('a sandbox that delivers webhooks to this computer only (the demo)', () => {
  it('sends nothing to an outward address, and still delivers to a loopback one', async (ctx) => {
    if (!outward) {
      console.log('skipped: this machine has no non-loopback IPv4 address to listen on');
      ctx.skip();
    }
    const away = await startReceiver(200, outward!);
    const here = await startReceiver(200);
    try {
      const c = await login(sandbox());
      await c.put(PATHS.accountWebhook, { url: `${away.url.replace('http:', 'https:')}/hook` });
      const test = await call(sandbox().url, 'POST', '/__sandbox/webhook-test', { body: { key: c.key } });
      expect(test.body).toMatchObject({
        delivered: false,
        status: null,
        error: expect.stringMatching(/this computer/),
      });
      // A send's own callback off this computer is not called either.
      await c.post(PATHS.smsSendMultiple, {
        messages: [{ phone: MAGIC_PHONES.delivered, message: 'a' }],
        urlCallback: `${away.url}/callback`,
      });
      await c.put(PATHS.accountWebhook, { url: `${here.url}/hook` });
      await c.post(PATHS.smsSendMultiple, { messages: [{ phone: MAGIC_PHONES.delivered, message: 'b' }] });
      sandbox().advanceClock(10_000);
      await here.waitFor((r) => r.length >= 2);
      expect(away.received).toEqual([]);
    } finally {
      await away.close();
      await here.close();
    }
  });
});
