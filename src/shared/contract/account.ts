/**
 * The account part of the IPC contract (merged into ../ipc-contract.ts): the
 * balance, the webhook (address, signing secret, a test event) and the
 * automatic recharge with its low-balance alert: the service's account
 * operations.
 *
 * Errors: `invalid_input` (a field, or a loopback webhook for a live
 * account), the service's own codes, `network_error`.
 */
import { z } from 'zod';
import type { AutoRechargeView, BalanceView, WebhookTestResult, WebhookView } from '../dto';
import { purchaseQuantity, serviceId } from './billing';
import { channel, event, none } from './channel';

export const balanceInput = z.strictObject({ refresh: z.boolean().optional() });

const money = z.number().finite().min(0, 'Cannot be negative').max(1_000_000);

/** Only what the form changed; enabling needs a card and at least 250 credits (checked in core with the current values). */
export const updateAutoRechargeInput = z
  .strictObject({
    enabled: z.boolean().optional(),
    threshold: money.optional(),
    planQuantity: purchaseQuantity.optional(),
    cardId: serviceId.optional(),
    alertEnabled: z.boolean().optional(),
    alertThreshold: money.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

const parseUrl = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/**
 * https only, except plain http to this computer (a local receiver while
 * testing: the traffic never leaves the machine); core refuses even that
 * for a live account, which the real service could not deliver to anyway.
 */
export const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full address starting with https://' })
  .max(2048)
  .refine((url) => {
    const parsed = parseUrl(url);
    if (!parsed || parsed.username || parsed.password) return false;
    return parsed.protocol === 'https:' || LOOPBACK_HOSTS.includes(parsed.hostname);
  }, 'The address must start with https:// (and carry no user name or password)');

export const isLoopbackHttpUrl = (url: string): boolean => {
  const parsed = parseUrl(url);
  return parsed?.protocol === 'http:' && LOOPBACK_HOSTS.includes(parsed.hostname);
};

/** `url: ""` disables the webhook; `rotateSecret` issues a new signing secret. */
export const updateWebhookInput = z
  .strictObject({
    url: z.union([z.literal(''), webhookUrl]).optional(),
    rotateSecret: z.literal(true).optional(),
  })
  .refine((v) => v.url !== undefined || v.rotateSecret !== undefined, { message: 'Nothing to change' });

export const accountContract = {
  'account:balance': channel<typeof balanceInput, BalanceView>(balanceInput),
  'account:webhook': channel<typeof none, WebhookView>(none),
  'account:revealWebhookSecret': channel<typeof none, { secret: string | null }>(none),
  'account:copyWebhookSecret': channel<typeof none, { copied: boolean }>(none),
  'account:updateWebhook': channel<typeof updateWebhookInput, WebhookView>(updateWebhookInput),
  'account:testWebhook': channel<typeof none, WebhookTestResult>(none),
  'account:autoRecharge': channel<typeof none, AutoRechargeView>(none),
  'account:updateAutoRecharge': channel<typeof updateAutoRechargeInput, AutoRechargeView>(
    updateAutoRechargeInput,
  ),
};

export type AccountChannel = keyof typeof accountContract;

export const accountEvents = {
  /** Whenever the balance was read: the app shows one balance. */
  'balance:changed': event<BalanceView>(),
};
