/**
 * Admin routes, sandbox only, never faulted, no token:
 *   GET    /__sandbox/ledger?key=K        messages accepted and charges made, in order
 *   POST   /__sandbox/faults              replace the fault rules
 *   DELETE /__sandbox/faults              clear them
 *   GET    /__sandbox/clock               the simulated now
 *   POST   /__sandbox/clock {advanceMs}   advance simulated time
 *   POST   /__sandbox/webhook-test {key}  deliver one signed sample event, awaited
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { messageStatusEvent } from '../events';
import { faultsRequestSchema } from '../faults';
import { fieldError, noContent, ok } from '../http-io';
import { ledgerOf } from '../ledger';
import { MAGIC_PHONES } from '../magic-phones';
import type { Router } from '../router';
import { parseWith } from '../validate';
import type { World } from '../world';

export const ADMIN_PREFIX = '/__sandbox/';

const clockRequest = z.object({ advanceMs: z.number().finite().nonnegative() });
const webhookTestRequest = z.object({ key: z.string().min(1) });

export function registerAdmin(router: Router, world: World): void {
  router.open('GET', '/__sandbox/ledger', (ctx) => {
    const key = ctx.query.get('key');
    if (!key) throw fieldError('key', 'Required.');
    return ok(ledgerOf(world.state.find(key)));
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

  router.open('GET', '/__sandbox/clock', () => ok({ now: world.clock.iso() }));

  router.open('POST', '/__sandbox/clock', (ctx) => {
    const { advanceMs } = parseWith(clockRequest, ctx.body);
    world.advance(advanceMs);
    return ok({ now: world.clock.iso() });
  });

  router.open('POST', '/__sandbox/webhook-test', async (ctx) => {
    const { key } = parseWith(webhookTestRequest, ctx.body);
    const account = world.state.find(key);
    if (!account) throw fieldError('key', 'No account has used this key yet.');
    const url = account.webhook.url;
    if (!url) return ok({ delivered: false, status: null, latencyMs: 0, error: 'No webhook URL is set.' });
    const body = messageStatusEvent(world.clock.now(), {
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
