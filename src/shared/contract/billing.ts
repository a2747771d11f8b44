/**
 * The billing part of the IPC contract (merged into ../ipc-contract.ts):
 * the packages and saved cards, buying credits (never charged twice), and
 * the invoice history.
 *
 * Errors: the service's refusals (`card_declined`, `payment_unavailable`,
 * `rate_limited`...), `purchase_in_progress` (one purchase at a time),
 * `purchase_not_sent` (the service could not be reached: nothing was sent,
 * nothing charged).
 */
import { z } from 'zod';
import type {
  InvoicesExport,
  InvoicesPageView,
  PlansView,
  CardsView,
  PurchaseAttemptView,
  PurchaseOutcomeView,
} from '../dto';
import { channel, event, none } from './channel';

export const BILLING_ERRORS = {
  /** A purchase is in flight (here or in another process of this data folder): one at a time. */
  purchaseInProgress: 'purchase_in_progress',
  /** The service could not be reached before the purchase left: nothing was sent, nothing charged. */
  purchaseNotSent: 'purchase_not_sent',
  /** A `processing` payment the card issuer did not approve in the end. */
  paymentNotApproved: 'payment_not_approved',
} as const;

/** Same range as LIMITS.purchaseQuantity* in core/api/wire.ts (shared cannot import core). */
export const PURCHASE_QUANTITY = { min: 250, max: 1_000_000 } as const;

/** Service ids (plans, cards) are opaque short tokens, uuids in practice. */
export const serviceId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'Not a valid id');

export const purchaseQuantity = z
  .number()
  .int('Whole credits only')
  .min(PURCHASE_QUANTITY.min, `At least ${PURCHASE_QUANTITY.min} credits`)
  .max(PURCHASE_QUANTITY.max, `At most ${PURCHASE_QUANTITY.max.toLocaleString('en')} credits`);

export const buyCreditsInput = z
  .strictObject({
    quantity: purchaseQuantity.optional(),
    planId: serviceId.optional(),
    cardId: serviceId.optional(),
    coupon: z.string().trim().min(1).max(64).optional(),
  })
  .refine((v) => (v.quantity === undefined) !== (v.planId === undefined), {
    path: ['quantity'],
    message: 'Choose a package or a quantity (exactly one)',
  });

export const invoicesInput = z.strictObject({
  page: z.number().int().min(1).max(100_000).optional(),
  perPage: z.number().int().min(1).max(100).optional(),
});

export const billingContract = {
  'credits:plans': channel<typeof none, PlansView>(none),
  'credits:cards': channel<typeof none, CardsView>(none),
  /** Never retried automatically; a second call while one is in flight fails with `purchase_in_progress`. */
  'credits:buy': channel<typeof buyCreditsInput, PurchaseOutcomeView>(buyCreditsInput),
  /** The current or last attempt of the signed-in account (for the UI after a restart). */
  'credits:attempt': channel<typeof none, PurchaseAttemptView | null>(none),
  'credits:invoices': channel<typeof invoicesInput, InvoicesPageView>(invoicesInput),
  'credits:exportInvoices': channel<typeof none, InvoicesExport>(none),
};

export type BillingChannel = keyof typeof billingContract;

export const billingEvents = {
  'credits:attemptChanged': event<PurchaseAttemptView>(),
};
