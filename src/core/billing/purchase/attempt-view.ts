import { APP_ERROR_CODES } from '../../../shared/app-error';
import type {
  OrderDiffersView,
  PurchaseAttemptView,
  PurchaseErrorView,
  PurchaseOutcome,
  PurchaseOutcomeView,
} from '../../../shared/dto';
import { ERROR_CODES } from '../../api/wire';
import type { AttemptRow } from './attempt-repo';
import { formatBrl, toReais } from '../../money';
import { PROCESSING_TIMINGS } from './watch-processing';
import { RECONCILE_TIMINGS, type ReconcileTimings } from './reconcile-purchase';
import { checkEndsAt } from './purchase-timings';

const reais = (cents: number | null) => (cents === null ? null : toReais(cents));

/** An estimate (a bare quantity's price) is off when the answer is under half or over twice it. */
const ESTIMATE_SPREAD = 2;

/**
 * Whether the service answered other figures than the order's: another
 * quantity, another price for a package, or a price far from the estimate
 * of a bare quantity. Null when they agree, or the answer has no figures.
 */
export function orderDiffers(row: AttemptRow): OrderDiffersView | null {
  const expected = row.expectation;
  const quantity = row.quantity !== null && expected.quantity !== null && row.quantity !== expected.quantity;
  let total = false;
  if (row.totalCents !== null && expected.totalCents !== null) {
    total = expected.exact
      ? Math.abs(row.totalCents - expected.totalCents) > 1
      : row.totalCents * ESTIMATE_SPREAD < expected.totalCents ||
        row.totalCents > expected.totalCents * ESTIMATE_SPREAD;
  }
  return quantity || total ? { quantity: expected.quantity, total: reais(expected.totalCents) } : null;
}

function errorView(row: AttemptRow): PurchaseErrorView | null {
  if (row.errorCode === null) return null;
  const d = row.errorDetails ?? {};
  const view: PurchaseErrorView = { code: row.errorCode, message: row.errorMessage ?? '' };
  if (d.status !== undefined) view.status = d.status;
  if (d.fields?.length) view.fields = d.fields;
  if (d.serviceMessage) view.serviceMessage = d.serviceMessage;
  if (d.retryAfterSeconds !== undefined) {
    view.retryAfterSeconds = d.retryAfterSeconds;
    view.retryAt = new Date(Date.parse(row.updatedAt) + d.retryAfterSeconds * 1000).toISOString();
  }
  return view;
}

export function attemptView(
  row: AttemptRow,
  now: Date,
  giveUpAfterMs = PROCESSING_TIMINGS.giveUpAfterMs,
  reconcile: ReconcileTimings = RECONCILE_TIMINGS,
) {
  const r = row.request;
  const view: PurchaseAttemptView = {
    id: row.id,
    state: row.state,
    request: {
      ...(r.quantity !== undefined ? { quantity: r.quantity } : {}),
      ...(r.plan_id !== undefined ? { planId: r.plan_id } : {}),
      ...(r.card_id !== undefined ? { cardId: r.card_id } : {}),
      ...(r.coupon !== undefined ? { coupon: r.coupon } : {}),
    },
    expectedQuantity: row.expectation.quantity,
    expectedTotal: reais(row.expectation.totalCents),
    invoiceUuid: row.invoiceUuid,
    total: reais(row.totalCents),
    quantity: row.quantity,
    error: errorView(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    settledAt: row.settledAt,
    stillPending: row.state === 'processing' && now.getTime() - Date.parse(row.createdAt) >= giveUpAfterMs,
  };
  if (row.state === 'checking')
    view.checkEndsAt = new Date(checkEndsAt(row.createdAt, reconcile)).toISOString();
  const differs = orderDiffers(row);
  if (differs) view.orderDiffers = differs;
  return view;
}

const NOTHING_CHARGED = 'Nothing was charged.';

/** English fallbacks for a refusal; the renderer words each code in the user's language. */
function failureMessage(row: AttemptRow): string {
  const d = row.errorDetails ?? {};
  switch (row.errorCode) {
    case ERROR_CODES.rateLimited:
      return `Too many purchases in a short time. ${NOTHING_CHARGED} Try again${
        d.retryAfterSeconds !== undefined ? ` in ${d.retryAfterSeconds} s` : ' later'
      }.`;
    case ERROR_CODES.cardDeclined:
      return `The card was declined. ${NOTHING_CHARGED}`;
    case ERROR_CODES.authenticationRequired:
      return `The card issuer asks you to confirm this card in the provider's panel first. ${NOTHING_CHARGED}`;
    case ERROR_CODES.cardRequired:
      return `There is no saved card to charge: add one in the provider's panel. ${NOTHING_CHARGED}`;
    case ERROR_CODES.paymentUnavailable:
      return `The payment service is unavailable right now. ${NOTHING_CHARGED} Try again later.`;
    case ERROR_CODES.validationError: {
      const fields = (d.fields ?? []).map((f) => `${f.field}: ${f.message}`).join('; ');
      return `The service refused the purchase${fields ? ` (${fields})` : ''}. ${NOTHING_CHARGED}`;
    }
    case APP_ERROR_CODES.paymentNotApproved:
      return 'The card issuer did not approve the payment. Nothing was credited.';
    default: {
      const words = d.serviceMessage ? `: "${d.serviceMessage}"` : '';
      // A purchase's 402 is about the card (the SDKs name a bare 402 insufficient_balance).
      if (d.status === 402) return `The payment was refused${words}. ${NOTHING_CHARGED}`;
      return `The service refused the purchase${words} (${row.errorCode ?? 'unknown'}). ${NOTHING_CHARGED}`;
    }
  }
}

/** Said after a charge whose answer does not match the order: where the truth is. */
function differsMessage(row: AttemptRow): string {
  const differs = orderDiffers(row);
  if (!differs) return '';
  const ordered =
    `${differs.quantity === null ? 'credits' : `${differs.quantity} credits`}` +
    `${differs.total === null ? '' : ` for about ${formatBrl(differs.total)}`}`;
  return ` The service's answer does not match your order (${ordered}): check this invoice under Credits › Invoices; your balance shows what you have.`;
}

function outcomeMessage(outcome: PurchaseOutcome, row: AttemptRow): string {
  const said = plainOutcomeMessage(outcome, row);
  return outcome === 'succeeded' || outcome === 'processing' || outcome === 'charged-after-timeout'
    ? `${said}${differsMessage(row)}`
    : said;
}

function plainOutcomeMessage(outcome: PurchaseOutcome, row: AttemptRow): string {
  const credits = row.quantity ?? row.expectation.quantity;
  const what = credits === null ? 'credits' : `${credits} credits`;
  const price = row.totalCents === null ? '' : ` for ${formatBrl(toReais(row.totalCents))}`;
  const invoice = row.invoiceUuid ? ` (invoice ${row.invoiceUuid})` : '';
  switch (outcome) {
    case 'succeeded':
      return `Bought ${what}${price}${invoice}.`;
    case 'processing':
      return row.invoiceUuid
        ? `Bought ${what}${price}${invoice}; the card issuer is still confirming the payment. The credits arrive once it does.`
        : `The service took the order for ${what}${price}; the payment is being confirmed and Torpedo is finding its invoice among the invoices. Do not buy again.`;
    case 'charged-after-timeout':
      return `The connection was lost, but the purchase went through: ${what}${price}${invoice}. Do not buy again.`;
    case 'not-charged':
      return row.errorCode === APP_ERROR_CODES.purchaseNotSent
        ? `The purchase was not sent: the service could not be reached. ${NOTHING_CHARGED} Try again once it can.`
        : `The answer was lost, but the invoices show the purchase did not go through. ${NOTHING_CHARGED} You can try again.`;
    case 'checking':
      return 'The connection was lost and Torpedo could not yet confirm whether the card was charged. It checks again before any new purchase.';
    case 'failed':
      return failureMessage(row);
  }
}

const OUTCOME_OF_STATE: Record<AttemptRow['state'], PurchaseOutcome> = {
  sending: 'checking',
  checking: 'checking',
  succeeded: 'succeeded',
  processing: 'processing',
  'charged-after-timeout': 'charged-after-timeout',
  'not-charged': 'not-charged',
  failed: 'failed',
};

export function outcomeView(row: AttemptRow): PurchaseOutcomeView {
  const outcome = OUTCOME_OF_STATE[row.state];
  const view: PurchaseOutcomeView = { attemptId: row.id, outcome, message: outcomeMessage(outcome, row) };
  if (row.invoiceUuid !== null) view.invoiceUuid = row.invoiceUuid;
  if (row.totalCents !== null) view.total = toReais(row.totalCents);
  if (row.quantity !== null) view.quantity = row.quantity;
  const differs = orderDiffers(row);
  if (differs) view.orderDiffers = differs;
  const error = errorView(row);
  // A not-charged outcome says why too: never sent (purchase_not_sent), or sent and found uncharged.
  if ((outcome === 'failed' || outcome === 'not-charged') && error) view.error = error;
  return view;
}
