/** Buying credits and the invoice history. Money is in BRL. */
import type { PageOfKept } from './page-of-kept';

/** A recharge package. Money in BRL: `unit` is the effective price per SMS, `total` the package price. */
export interface PlanView {
  id: string;
  quantity: number;
  price: number;
  sale: number | null;
  unit: number;
  total: number;
  popular: boolean;
}

export interface PlansView {
  plans: PlanView[];
  fetchedAt: string;
  stale: boolean;
}

/** A saved card: never more than its last four digits. */
export interface CardView {
  id: string;
  /** e.g. `visa`, `mastercard`. */
  brand: string;
  last4: string;
  holder: string;
  alias: string | null;
  /** MM/YY */
  expiry: string;
  isDefault: boolean;
}

export interface CardsView {
  cards: CardView[];
  fetchedAt: string;
  stale: boolean;
}

/**
 * Where a purchase attempt stands (persisted, survives restarts):
 * sending → succeeded | processing | failed | not-charged | checking;
 * checking → charged-after-timeout | not-charged; processing → succeeded | failed.
 */
export type PurchaseState =
  'sending' | 'checking' | 'succeeded' | 'processing' | 'charged-after-timeout' | 'not-charged' | 'failed';

/**
 * What `credits:buy` reports. `checking` only when the invoice history could not
 * be read to settle a time-out: no new purchase is allowed until it is.
 */
export type PurchaseOutcome =
  'succeeded' | 'processing' | 'charged-after-timeout' | 'not-charged' | 'failed' | 'checking';

export interface PurchaseRequestView {
  quantity?: number;
  planId?: string;
  cardId?: string;
  coupon?: string;
}

/** Why a purchase failed: the service's code (`card_declined`, `rate_limited`, ...) for the renderer to translate. */
export interface PurchaseErrorView {
  code: string;
  message: string;
  status?: number;
  fields?: { field: string; message: string }[];
  retryAfterSeconds?: number;
  /** When a new attempt makes sense again (from Retry-After), ISO 8601: the countdown's end. */
  retryAt?: string;
  /** The service's own words for the refusal, shown inside the app's sentence in the user's language. */
  serviceMessage?: string;
}

export interface PurchaseAttemptView {
  id: string;
  state: PurchaseState;
  request: PurchaseRequestView;
  expectedQuantity: number | null;
  /** BRL; null when it cannot be known in advance (a coupon, the packages unreadable). */
  expectedTotal: number | null;
  invoiceUuid: string | null;
  total: number | null;
  quantity: number | null;
  error: PurchaseErrorView | null;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
  /** `processing` for more than 10 minutes: still pending at the payment processor. */
  stillPending: boolean;
  /**
   * While `checking`: when the last invoice read is due, after which Torpedo
   * can say whether the card was charged (a terminal counts down to it).
   */
  checkEndsAt?: string;
  /** The service's answer does not match the order (see OrderDiffersView); absent when it does or is not known. */
  orderDiffers?: OrderDiffersView;
}

/**
 * A purchase answered with other figures than the order's (999,999 credits
 * for R$ 0.01 when 1,000 were ordered): the answer is recorded as the
 * service gave it, not believed silently; the owner is told to check the
 * invoice and the balance. What the order expected:
 */
export interface OrderDiffersView {
  quantity: number | null;
  /** BRL; null when the order's price was not known in advance. */
  total: number | null;
}

export interface PurchaseOutcomeView {
  attemptId: string;
  outcome: PurchaseOutcome;
  invoiceUuid?: string;
  total?: number;
  quantity?: number;
  /** English fallback; the renderer words it from `outcome` and `error.code`. */
  message: string;
  error?: PurchaseErrorView;
  /** The answer's figures do not match the order's: what the order expected. */
  orderDiffers?: OrderDiffersView;
}

export interface InvoiceView {
  uuid: string;
  displayId: string;
  date: string;
  expiry: string;
  total: number;
  status: { code: string; name: string; icon: string | null; color: string | null } | null;
  card: { code: string; name: string } | null;
}

export interface InvoicesPageView extends PageOfKept {
  invoices: InvoiceView[];
}

/** The CSV text and a suggested name; saving the file is the renderer's (or the CLI's) job. */
export interface InvoicesExport {
  csv: string;
  fileName: string;
  count: number;
  stale: boolean;
}
