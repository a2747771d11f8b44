/**
 * Billing: packages, saved cards, invoices and the purchase of credits.
 * Purchase has a strict limit per account (5 per 60 s of simulated time,
 * counting every authenticated attempt), prefers `plan_id` to `quantity`, and
 * charges the default card when `card_id` is absent. Coupon `DEMO10` takes 10 %
 * off the charge; any other coupon is a 422.
 */
import { PATHS } from '../../core/api/wire';
import {
  purchaseRequest,
  type Card,
  type InvoiceItemWire,
  type PlanWire,
  type PurchaseResultWire,
} from '../../core/api/wire-schemas';
import { fieldError, ok, rateLimited, validationError } from '../http/http-io';
import type { InvoiceRecord, PlanRecord } from '../state/model';
import { toReais } from '../state/money';
import { paginate, readPaging } from '../http/pagination';
import type { Router } from '../http/router';
import { creditCentsFor, tierForQuantity, unitCents } from '../state/seed';
import { parseWith } from '../http/validate';
import type { World } from '../world';

export const COUPONS: Readonly<Record<string, number>> = { DEMO10: 10 };

const iso = (t: number) => new Date(t).toISOString();

/**
 * Package amounts (facts, Billing: the PHP and Python vectors): `price` the
 * package's regular price, `sale` its promotional price (0 when not on sale,
 * ASSUMED), `unit` the effective price per credit, `total` what is charged.
 */
function planOf(p: PlanRecord): PlanWire {
  const unit = unitCents(p);
  return {
    id: p.id,
    quantity: p.quantity,
    price: toReais(p.priceCents * p.quantity),
    sale: p.saleCents === null ? 0 : toReais(p.saleCents * p.quantity),
    unit: toReais(unit),
    total: toReais(unit * p.quantity),
    popular: p.popular,
  };
}

const INVOICE_STATUS = {
  paid: { code: 'paid', name: 'Pago', icon: 'check', color: '#18a058' },
  pending: { code: 'pending', name: 'Processando', icon: 'clock', color: '#f0a020' },
} as const;

function invoiceOf(inv: InvoiceRecord, numberAsText: boolean): InvoiceItemWire {
  const brand = inv.cardFlag.charAt(0).toUpperCase() + inv.cardFlag.slice(1);
  return {
    uuid: inv.uuid,
    total: toReais(inv.totalCents),
    date: iso(inv.createdAt),
    expiry: iso(inv.expiryAt),
    displayId: numberAsText ? `SBX-${String(inv.displayId).padStart(6, '0')}` : inv.displayId,
    status: { ...INVOICE_STATUS[inv.status] },
    card: { code: inv.cardFlag, name: `${brand} •••• ${inv.cardLast4}` },
  };
}

export function registerBilling(router: Router, world: World): void {
  router.authed('GET', PATHS.billingPlans, (ctx) => ok({ data: ctx.account.plans.map(planOf) }));

  router.authed('GET', PATHS.billingCards, (ctx) => {
    const data: Card[] = ctx.account.cards.map((c) => ({ ...c }));
    return ok({ data });
  });

  router.authed('GET', PATHS.billingInvoices, (ctx) => {
    const paging = readPaging(ctx.query, { perPage: true });
    const asText = world.shapes.invoiceNumberAsText;
    return ok(paginate(ctx.account.invoices, paging, ctx.path, ctx.query, (i) => invoiceOf(i, asText), true));
  });

  router.authed('POST', PATHS.billingPurchase, (ctx) => {
    const account = ctx.account;
    const limit = world.purchaseLimiter.hit(account.key, world.clock.now());
    if (!limit.ok) throw rateLimited(limit.retryAfterSec, 'Too many purchases: try again later.');

    const body = parseWith(purchaseRequest, ctx.body);
    let quantity: number;
    let tier: Pick<PlanRecord, 'priceCents' | 'saleCents'>;
    if (body.plan_id !== undefined) {
      const plan = account.plans.find((p) => p.id === body.plan_id!.toLowerCase());
      if (!plan) throw fieldError('plan_id', 'Unknown plan.');
      quantity = plan.quantity;
      tier = plan;
    } else if (body.quantity !== undefined) {
      quantity = body.quantity;
      tier = tierForQuantity(quantity);
    } else {
      throw validationError([
        { field: 'quantity', message: 'Give quantity or plan_id.' },
        { field: 'plan_id', message: 'Give quantity or plan_id.' },
      ]);
    }
    let discount = 0;
    if (body.coupon !== undefined) {
      const off = COUPONS[body.coupon.trim().toUpperCase()];
      if (off === undefined) throw fieldError('coupon', 'Unknown coupon.');
      discount = off;
    }
    const card = world.payments.resolveCard(account, body.card_id);
    // Charged at the effective price (a sale's), less the coupon; the balance gets the regular price.
    const creditCents = creditCentsFor(quantity, tier);
    const totalCents = Math.round((quantity * unitCents(tier) * (100 - discount)) / 100);
    const { status, invoice } = world.payments.charge(account, {
      quantity,
      totalCents,
      creditCents,
      card,
      source: 'purchase',
    });
    const result: PurchaseResultWire = {
      // The charge stands whatever word the answer uses (answer-shapes.ts).
      status: world.shapes.purchaseStatus ?? status,
      invoiceUuid: invoice.uuid,
      total: toReais(totalCents),
      quantity,
      paymentIntentId: invoice.paymentIntentId,
    };
    return ok(result);
  });
}
