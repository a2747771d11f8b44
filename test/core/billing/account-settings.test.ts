/** Auto-recharge (validated before the service sees it) and webhook settings with a test event. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AutoRechargeView, CardsView, WebhookTestResult, WebhookView } from '@shared/dto';
import { expectSdkAccepts } from '../../support/sdk-webhook-receiver';
import { verifyWebhookSignature } from '@shared/webhook/signature';
import { MAGIC_CARDS } from '../../../src/sandbox/index';
import { signedIn, startCore, useSandbox, value, eventually } from './billing-harness';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** This computer's first address that is not loopback (another machine would reach it there), or null. */
function outwardAddress(): string | null {
  const all = Object.values(networkInterfaces()).flat();
  return all.find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? null;
}

/** A webhook receiver on this computer, answering `status` (on `host`: loopback unless said). */
async function receiver(status = 200, host = '127.0.0.1') {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}/hook`, received };
}

describe('auto-recharge', () => {
  it('reads the settings, refuses to enable without a card, enables with one', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'ar');
    expect(value<AutoRechargeView>(await c.core.dispatch('account:autoRecharge', {}))).toMatchObject({
      enabled: false,
      threshold: 10,
      planQuantity: 1000,
      cardId: null,
      stale: false,
    });

    const noCard = await c.core.dispatch('account:updateAutoRecharge', { enabled: true });
    expect(noCard).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { fields: [{ field: 'cardId' }] } },
    });

    const { cards } = value<CardsView>(await c.core.dispatch('credits:cards', {}));
    const card = cards.find((k) => k.isDefault)!;
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expiry: '12/30' });
    const saved = value<AutoRechargeView>(
      await c.core.dispatch('account:updateAutoRecharge', {
        enabled: true,
        cardId: card.id,
        threshold: 25.5,
        planQuantity: 5000,
        alertEnabled: true,
        alertThreshold: 40,
      }),
    );
    expect(saved).toMatchObject({
      enabled: true,
      cardId: card.id,
      threshold: 25.5,
      planQuantity: 5000,
      alertThreshold: 40,
    });
    expect(value<AutoRechargeView>(await c.core.dispatch('account:autoRecharge', {}))).toMatchObject({
      enabled: true,
      planQuantity: 5000,
    });
  });

  it('refuses out-of-range values before sending, and names the service’s own 422 fields as the form does', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'ar2');
    for (const input of [
      { planQuantity: 100 },
      { threshold: -1 },
      { alertThreshold: -0.01 },
      {},
      { enabled: 'yes' },
    ]) {
      expect((await c.core.dispatchUntrusted('account:updateAutoRecharge', input)).ok).toBe(false);
    }
    const unknownCard = await c.core.dispatch('account:updateAutoRecharge', {
      cardId: '9b7c1e52-0000-4000-8000-000000000000',
    });
    expect(unknownCard).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { fields: [{ field: 'cardId' }] } },
    });
    // A magic card is accepted (the sandbox's stand-in for a card the listing does not show).
    const ok = await c.core.dispatch('account:updateAutoRecharge', {
      enabled: true,
      cardId: MAGIC_CARDS.processing,
    });
    expect(ok).toMatchObject({ ok: true, value: { enabled: true } });
  });

  it('shows the last known settings offline, marked stale', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'ar3');
    value(await c.core.dispatch('account:autoRecharge', {}));
    await sandbox.sb.close();
    expect(value<AutoRechargeView>(await c.core.dispatch('account:autoRecharge', {}))).toMatchObject({
      stale: true,
      enabled: false,
    });
  });
});

describe('webhook settings', () => {
  it('sets an https address, disables it with "", rotates the secret (shown masked)', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'wh');
    const before = value<WebhookView>(await c.core.dispatch('account:webhook', {}));
    const set = value<WebhookView>(
      await c.core.dispatch('account:updateWebhook', { url: 'https://loja.example/hook' }),
    );
    expect(set).toMatchObject({ url: 'https://loja.example/hook', maskedSecret: before.maskedSecret });
    const rotated = value<WebhookView>(
      await c.core.dispatch('account:updateWebhook', { rotateSecret: true }),
    );
    expect(rotated.maskedSecret).toMatch(/^whsec_•+/);
    expect(rotated.maskedSecret).not.toBe(before.maskedSecret);
    expect(JSON.stringify(rotated)).not.toMatch(/whsec_[0-9a-f]{8}/);
    const off = value<WebhookView>(await c.core.dispatch('account:updateWebhook', { url: '' }));
    expect(off.url).toBeNull();
    // The cached view follows the change (it is what the settings page shows offline).
    await sandbox.sb.close();
    expect(value<WebhookView>(await c.core.dispatch('account:webhook', {}))).toMatchObject({
      url: null,
      stale: true,
    });
  });

  it('refuses plain http to another host, other schemes, credentials in the address and empty changes', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'wh2');
    for (const input of [
      { url: 'http://loja.example/hook' },
      { url: 'ftp://loja.example/hook' },
      { url: 'javascript:alert(1)' },
      { url: 'https://user:pass@loja.example/hook' },
      { url: 'https://' + 'a'.repeat(2050) + '.example' },
      { rotateSecret: false },
      {},
    ]) {
      expect(await c.core.dispatchUntrusted('account:updateWebhook', input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
  });

  it('test account: Torpedo signs a sample event itself and reports the receiver’s status (simulated)', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'wh3');
    const hook = await receiver(200);
    value(await c.core.dispatch('account:updateWebhook', { url: hook.url }));
    const { secret } = value<{ secret: string }>(await c.core.dispatch('account:revealWebhookSecret', {}));

    const result = value<WebhookTestResult>(await c.core.dispatch('account:testWebhook', {}));
    expect(result).toMatchObject({ delivered: true, status: 200, simulated: true });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [got] = hook.received;
    expect(await verifyWebhookSignature(got!.body, got!.headers['x-smsgo-signature'] as string, secret)).toBe(
      true,
    );
    // Read as a receiver built with the official SDK reads it: signature, freshness, fields.
    const read = expectSdkAccepts(got!.body, got!.headers['x-smsgo-signature'] as string, secret);
    expect(read).toMatchObject({ event: 'sms.status', data: { status: 'delivered' } });
    expect(read.data.phone).toMatch(/^\d+$/);
    expect(JSON.parse(got!.body)).toMatchObject({ test: true });
  });

  it('test account: a failing receiver and a missing address are reported, not thrown', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'wh4');
    expect(value<WebhookTestResult>(await c.core.dispatch('account:testWebhook', {}))).toMatchObject({
      delivered: false,
      status: null,
      failure: 'no_url',
      error: expect.stringMatching(/No webhook address/),
    });
    // Nothing listens on port 1: the kind of failure, for the window to word; the code stays as detail.
    value(await c.core.dispatch('account:updateWebhook', { url: 'http://127.0.0.1:1/hook' }));
    expect(value<WebhookTestResult>(await c.core.dispatch('account:testWebhook', {}))).toMatchObject({
      delivered: false,
      status: null,
      failure: 'refused',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    const hook = await receiver(500);
    value(await c.core.dispatch('account:updateWebhook', { url: hook.url }));
    expect(value<WebhookTestResult>(await c.core.dispatch('account:testWebhook', {}))).toMatchObject({
      delivered: false,
      status: 500,
      simulated: true,
      failure: 'rejected',
    });
  });

  it('demo: the test event never goes to an address off this computer, and says so', async (ctx) => {
    const outward = outwardAddress();
    if (!outward) {
      console.log('skipped: this machine has no non-loopback IPv4 address to listen on');
      ctx.skip();
    }
    const c = await startCore({ demo: true });
    // A receiver on this machine but at an address another machine would use: the demo must not call it.
    const hook = await receiver(200, outward!);
    value(await c.core.dispatch('account:updateWebhook', { url: hook.url.replace('http:', 'https:') }));
    const result = value<WebhookTestResult>(await c.core.dispatch('account:testWebhook', {}));
    expect(result).toMatchObject({ delivered: false, status: null, failure: 'demo_local_only' });
    expect(hook.received).toEqual([]);
  });

  it('demo: the built-in sandbox delivers its own signed sample', async () => {
    const c = await startCore({ demo: true });
    const hook = await receiver(204);
    value(await c.core.dispatch('account:updateWebhook', { url: hook.url }));
    const { secret } = value<{ secret: string }>(await c.core.dispatch('account:revealWebhookSecret', {}));
    const result = value<WebhookTestResult>(await c.core.dispatch('account:testWebhook', {}));
    expect(result).toMatchObject({ delivered: true, status: 204, simulated: false });
    await eventually(() => expect(hook.received.length).toBeGreaterThan(0));
    const got = hook.received.at(-1)!;
    expect(await verifyWebhookSignature(got.body, got.headers['x-smsgo-signature'] as string, secret)).toBe(
      true,
    );
  });
});
