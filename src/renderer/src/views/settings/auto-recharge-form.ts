import type { AutoRechargeView, PlanView } from '@shared/dto';
import type { InputOf } from '@shared/ipc-contract';
import { estimateCustom } from '@renderer/composables/billing/purchase-estimate';
import { formatMoneyInput, parseMoneyInput } from '@renderer/composables/use-money';
import { customRange, quantityCovering } from '../credits/credit-order';

/**
 * The form as typed: amounts are text until they are checked. Each recharge
 * is typed in reais, like everything else the owner reads about money; the
 * service takes it as a quantity of credits (`planQuantity`), worked out
 * from its packages' prices as on the credits page.
 */
export interface AutoRechargeForm {
  enabled: boolean;
  threshold: string;
  rechargeAmount: string;
  cardId: string | null;
  alertEnabled: boolean;
  alertThreshold: string;
}

/** The fields as the core names them (a refusal names `planQuantity`: the recharge's amount here). */
export type FormField = 'threshold' | 'planQuantity' | 'cardId' | 'alertThreshold';
export type FormProblem =
  | 'cardRequired'
  | 'rechargeRequired'
  | 'rechargeMin'
  | 'rechargeMax'
  | 'unpriced'
  | 'amountInvalid'
  | 'amountTooLarge';

/** The contract's ceiling for an amount in reais. */
export const MAX_AMOUNT = 1_000_000;

const cents = (reais: number) => Math.round(reais * 100);

/** What `planQuantity` credits add to the balance, in reais; null with no prices (or nothing set). */
export const rechargeAmountOf = (planQuantity: number, plans: readonly PlanView[]): number | null =>
  planQuantity > 0 ? (estimateCustom(planQuantity, plans)?.adds ?? null) : null;

export function formOf(
  config: AutoRechargeView,
  locale: string,
  plans: readonly PlanView[],
): AutoRechargeForm {
  return {
    enabled: config.enabled,
    threshold: formatMoneyInput(config.threshold, locale),
    rechargeAmount: formatMoneyInput(rechargeAmountOf(config.planQuantity, plans), locale),
    cardId: config.cardId,
    alertEnabled: config.alertEnabled,
    alertThreshold: formatMoneyInput(config.alertThreshold, locale),
  };
}

function amountProblem(value: number | null): FormProblem | null {
  if (value === null || value < 0) return 'amountInvalid';
  return value > MAX_AMOUNT ? 'amountTooLarge' : null;
}

/**
 * The credits a typed recharge amount stands for: the service's current
 * quantity when the amount is the one it already adds (no change to send),
 * else the fewest credits that add it; or why it cannot be used.
 */
function rechargeQuantity(
  text: string,
  current: AutoRechargeView,
  locale: string,
  plans: readonly PlanView[],
): { quantity: number } | { problem: FormProblem } {
  if (text.trim() === '') {
    // Without prices the saved recharge cannot be shown in reais: an empty field then leaves it as it is.
    const unshown = current.planQuantity > 0 && rechargeAmountOf(current.planQuantity, plans) === null;
    if (unshown || current.planQuantity === 0) return { quantity: current.planQuantity };
    return { problem: 'rechargeRequired' };
  }
  const amount = parseMoneyInput(text, locale);
  if (amount === null || amount <= 0) return { problem: 'amountInvalid' };
  const saved = rechargeAmountOf(current.planQuantity, plans);
  if (saved !== null && cents(saved) === cents(amount)) return { quantity: current.planQuantity };
  const range = customRange(plans);
  if (!range) return { problem: 'unpriced' };
  if (cents(amount) < cents(range.min)) return { problem: 'rechargeMin' };
  if (cents(amount) > cents(range.max)) return { problem: 'rechargeMax' };
  return { quantity: quantityCovering(amount, plans)! };
}

/**
 * Checks the form as the service would: enabling needs a card and a recharge
 * amount (at least the service's 250 credits); amounts are reais between 0
 * and 1,000,000. Returns the problems by field, or the change to send (only
 * what differs from `current`, money compared in centavos).
 */
export function readForm(
  form: AutoRechargeForm,
  current: AutoRechargeView,
  locale: string,
  plans: readonly PlanView[],
): { problems: Partial<Record<FormField, FormProblem>> } | { patch: InputOf<'account:updateAutoRecharge'> } {
  const problems: Partial<Record<FormField, FormProblem>> = {};
  const threshold = parseMoneyInput(form.threshold, locale);
  const alertThreshold = parseMoneyInput(form.alertThreshold, locale);
  const recharge = rechargeQuantity(form.rechargeAmount, current, locale, plans);

  const thresholdProblem = amountProblem(threshold);
  if (thresholdProblem) problems.threshold = thresholdProblem;
  const alertProblem = amountProblem(alertThreshold);
  if (alertProblem) problems.alertThreshold = alertProblem;
  if ('problem' in recharge) problems.planQuantity = recharge.problem;
  else if (form.enabled && recharge.quantity === 0) problems.planQuantity = 'rechargeRequired';
  if (form.enabled && !form.cardId) problems.cardId = 'cardRequired';
  if (Object.keys(problems).length > 0 || 'problem' in recharge) return { problems };

  const patch: InputOf<'account:updateAutoRecharge'> = {};
  if (form.enabled !== current.enabled) patch.enabled = form.enabled;
  if (cents(threshold!) !== cents(current.threshold)) patch.threshold = cents(threshold!) / 100;
  if (recharge.quantity !== current.planQuantity) patch.planQuantity = recharge.quantity;
  if (form.cardId && form.cardId !== current.cardId) patch.cardId = form.cardId;
  if (form.alertEnabled !== current.alertEnabled) patch.alertEnabled = form.alertEnabled;
  if (cents(alertThreshold!) !== cents(current.alertThreshold))
    patch.alertThreshold = cents(alertThreshold!) / 100;
  return { patch };
}
