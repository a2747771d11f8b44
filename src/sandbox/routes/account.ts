/**
 * Account: balance, auto-recharge (snake_case in, camelCase out) and the
 * outbound webhook (`""` disables it; `rotate_secret` issues a new secret).
 */
import { randomBytes } from 'node:crypto';
import { LIMITS, PATHS, WEBHOOK_SECRET_PREFIX } from '../../core/api/wire';
import {
  autoRechargeUpdate,
  webhookUpdate,
  type AutoRechargeConfig,
  type Balance,
  type WebhookConfig,
} from '../../core/api/wire-schemas';
import type { Account } from '../state/account';
import { ok, validationError, type FieldError } from '../http/http-io';
import type { AutoRechargeRecord } from '../state/model';
import { toCents, toReais } from '../state/money';
import type { Router } from '../http/router';
import { parseOptional } from '../http/validate';
import type { World } from '../world';

export function balanceOf(account: Account, currency = 'BRL'): Balance {
  return { balance: toReais(account.balanceCents), currency, company: { ...account.company } };
}

function autoRechargeOf(ar: AutoRechargeRecord): AutoRechargeConfig {
  return {
    enabled: ar.enabled,
    threshold: toReais(ar.thresholdCents),
    planQuantity: ar.planQuantity,
    cardId: ar.cardId,
    alertEnabled: ar.alertEnabled,
    alertThreshold: toReais(ar.alertThresholdCents),
  };
}

const webhookOf = (account: Account): WebhookConfig => ({ ...account.webhook });

export function registerAccount(router: Router, world: World): void {
  router.authed('GET', PATHS.accountBalance, (ctx) => ok(balanceOf(ctx.account, world.shapes.currency)));

  router.authed('GET', PATHS.accountAutoRecharge, (ctx) => ok(autoRechargeOf(ctx.account.autoRecharge)));

  router.authed('PUT', PATHS.accountAutoRecharge, (ctx) => {
    const body = parseOptional(autoRechargeUpdate, ctx.body);
    const current = ctx.account.autoRecharge;
    const next: AutoRechargeRecord = {
      enabled: body.enabled ?? current.enabled,
      thresholdCents: body.threshold === undefined ? current.thresholdCents : toCents(body.threshold),
      planQuantity: body.plan_quantity ?? current.planQuantity,
      cardId: body.card_id ?? current.cardId,
      alertEnabled: body.alert_enabled ?? current.alertEnabled,
      alertThresholdCents:
        body.alert_threshold === undefined ? current.alertThresholdCents : toCents(body.alert_threshold),
    };
    const errors: FieldError[] = [];
    if (body.card_id !== undefined && !world.payments.isKnownCard(ctx.account, body.card_id)) {
      errors.push({ field: 'card_id', message: 'Unknown card.' });
    } else if (next.enabled && next.cardId === null) {
      errors.push({ field: 'card_id', message: 'Required to enable auto-recharge.' });
    }
    if (next.enabled && next.planQuantity < LIMITS.purchaseQuantityMin) {
      errors.push({
        field: 'plan_quantity',
        message: `Required to enable auto-recharge (at least ${LIMITS.purchaseQuantityMin}).`,
      });
    }
    if (errors.length > 0) throw validationError(errors);
    if (next.cardId !== null) next.cardId = next.cardId.toLowerCase();
    ctx.account.autoRecharge = next;
    return ok(autoRechargeOf(next));
  });

  router.authed('GET', PATHS.accountWebhook, (ctx) => ok(webhookOf(ctx.account)));

  router.authed('PUT', PATHS.accountWebhook, (ctx) => {
    const body = parseOptional(webhookUpdate, ctx.body);
    const webhook = ctx.account.webhook;
    if (body.url !== undefined) webhook.url = body.url === '' ? null : body.url;
    if (body.rotate_secret) webhook.secret = WEBHOOK_SECRET_PREFIX + randomBytes(16).toString('hex');
    return ok(webhookOf(ctx.account));
  });
}
