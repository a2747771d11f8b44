/**
 * Admin routes, sandbox only, never faulted, no token:
 *   GET    /__sandbox/ledger?key=K        messages accepted (with their status now), what each send
 *                                         debited, charges made, and the balance
 *   POST   /__sandbox/faults              replace the fault rules
 *   DELETE /__sandbox/faults              clear them
 *   GET    /__sandbox/clock               the simulated now
 *   POST   /__sandbox/clock {advanceMs}   advance simulated time
 *   POST   /__sandbox/webhook-test {key}  deliver one signed sample sms.status event, awaited
 *   GET    /__sandbox/shapes              the answer shapes in use (answer-shapes.ts)
 *   POST   /__sandbox/shapes {...}        answer in other shapes the SDKs accept; the rest documented
 *   DELETE /__sandbox/shapes              back to the documented shapes
 *   POST   /__sandbox/reply {key, fromPhone, message}
 *                                         a customer's reply: one signed sms.reply event, awaited
 *   POST   /__sandbox/clicks {key, linkId | shortUrl, count?, phone?}
 *                                         `count` clicks on a link now, each recorded and sent as link.click
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { answerShapesRequest, DOCUMENTED_SHAPES } from '../http/answer-shapes';
import { messageStatusEvent, replyEvent } from '../simulation/events';
import { faultsRequestSchema } from '../http/faults';
import { fieldError, noContent, notFound, ok } from '../http/http-io';
import { ledgerOf } from '../state/ledger';
import { MAGIC_PHONES } from '../simulation/magic-phones';
import type { Router } from '../http/router';
import { parseWith } from '../http/validate';
import type { World } from '../world';

export const ADMIN_PREFIX = '/__sandbox/';

const clockRequest = z.object({ advanceMs: z.number().finite().nonnegative() });
const webhookTestRequest = z.object({ key: z.string().min(1) });
const replyRequest = webhookTestRequest.extend({
  fromPhone: z.string().regex(/^\+[1-9]\d{7,14}$/),
  message: z.string().min(1).max(1600),
});

const clicksRequest = webhookTestRequest
  .extend({
    linkId: z.string().min(1).optional(),
    shortUrl: z.string().min(1).optional(),
    count: z.number().int().min(1).max(10_000).default(1),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/)
      .optional(),
  })
  .refine((r) => (r.linkId === undefined) !== (r.shortUrl === undefined), 'Give linkId or shortUrl.');

export function registerAdmin(router: Router, world: World): void {
  router.open('GET', '/__sandbox/ledger', (ctx) => {
    const key = ctx.query.get('key');
    if (!key) throw fieldError('key', 'Required.');
    return ok(ledgerOf(world.state.find(key), world.clock.now()));
  });

  router.open('POST', '/__sandbox/faults', (ctx) => {
    const req = parseWith(faultsRequestSchema, ctx.body);
    world.faults.set(req.rules, req.seed);
    return ok({ rules: world.faults.count });
  });

  router.open('DELETE', '/__sandbox/faults', () => {
    world.faults.clear();
    return noContent();
  });

  router.open('GET', '/__sandbox/shapes', () => ok(world.shapes));

  router.open('POST', '/__sandbox/shapes', (ctx) => {
    world.shapes = { ...DOCUMENTED_SHAPES, ...parseWith(answerShapesRequest, ctx.body) };
    return ok(world.shapes);
  });

  router.open('DELETE', '/__sandbox/shapes', () => {
    world.shapes = { ...DOCUMENTED_SHAPES };
    return noContent();
  });

  router.open('GET', '/__sandbox/clock', () => ok({ now: world.clock.iso() }));

  router.open('POST', '/__sandbox/clock', (ctx) => {
    const { advanceMs } = parseWith(clockRequest, ctx.body);
    world.advance(advanceMs);
    return ok({ now: world.clock.iso() });
  });

  /** The account of an admin request's `key`, and its webhook URL (null: none set). */
  const webhookOf = (key: string) => {
    const account = world.state.find(key);
    if (!account) throw fieldError('key', 'No account has used this key yet.');
    return { account, url: account.webhook.url };
  };
  const noUrl = () => ok({ delivered: false, status: null, latencyMs: 0, error: 'No webhook URL is set.' });

  router.open('POST', '/__sandbox/reply', async (ctx) => {
    const req = parseWith(replyRequest, ctx.body);
    const { account, url } = webhookOf(req.key);
    if (!url) return noUrl();
    const body = replyEvent({
      fromPhone: req.fromPhone,
      message: req.message,
      receivedAt: world.clock.now(),
    });
    return ok(await world.emitter.deliverOnce(url, body, account.webhook.secret));
  });

  router.open('POST', '/__sandbox/clicks', (ctx) => {
    const req = parseWith(clicksRequest, ctx.body);
    const account = world.state.find(req.key);
    if (!account) throw fieldError('key', 'No account has used this key yet.');
    const link = [...account.shortLinks.values()].find((l) =>
      req.linkId !== undefined ? l.id === req.linkId : world.shortUrl(l) === req.shortUrl,
    );
    if (!link) throw notFound('Short link');
    if (!link.active)
      throw fieldError(req.linkId !== undefined ? 'linkId' : 'shortUrl', 'The link is deactivated.');
    const clickedAt = world.clock.now();
    for (let i = 0; i < req.count; i++) {
      world.recordClick(account, link, {
        id: randomUUID(),
        clickedAt,
        phone: req.phone ?? null,
        userAgent: 'sandbox',
      });
    }
    world.onChange();
    return ok({ linkId: link.id, clicks: link.clicks.length });
  });

  router.open('POST', '/__sandbox/webhook-test', async (ctx) => {
    const { key } = parseWith(webhookTestRequest, ctx.body);
    const { account, url } = webhookOf(key);
    if (!url) return noUrl();
    const body = messageStatusEvent({
      sendId: randomUUID(),
      messageId: randomUUID(),
      phone: MAGIC_PHONES.delivered,
      status: 'delivered',
      code: null,
      reference: 'webhook-test',
    });
    return ok(await world.emitter.deliverOnce(url, body, account.webhook.secret));
  });
}
