import type { AutoRechargeView } from '../../../../shared/dto';
import type { InputOf } from '../../../../shared/ipc-contract';
import { PURCHASE_QUANTITY } from '../../../../shared/contract/billing';
import { formatCount, formatMoneyInput, parseCountInput, parseMoneyInput } from '../../composables/use-money';

/** The form as typed: amounts and quantities are text until they are checked. */
export interface AutoRechargeForm {
  enabled: boolean;
  threshold: string;
  planQuantity: string;
  cardId: string | null;
  alertEnabled: boolean;
  alertThreshold: string;
}

export type FormField = 'threshold' | 'planQuantity' | 'cardId' | 'alertThreshold';
export type FormProblem =
  'cardRequired' | 'quantityInvalid' | 'quantityMin' | 'quantityMax' | 'amountInvalid' | 'amountTooLarge';

/** The contract's ceiling for an amount in reais. */
export const MAX_AMOUNT = 1_000_000;

export function formOf(config: AutoRechargeView, locale: string): AutoRechargeForm {
  return {
    enabled: config.enabled,
    threshold: formatMoneyInput(config.threshold, locale),
    planQuantity: formatCount(config.planQuantity, locale),
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
 * Checks the form as the service would: enabling needs a card and at least
 * 250 credits per recharge; amounts are reais between 0 and 1,000,000. Returns
 * the problems by field, or the change to send (only what differs from
 * `current`, money compared in centavos).
 */
export function readForm(
  form: AutoRechargeForm,
  current: AutoRechargeView,
  locale: string,
): { problems: Partial<Record<FormField, FormProblem>> } | { patch: InputOf<'account:updateAutoRecharge'> } {
  const problems: Partial<Record<FormField, FormProblem>> = {};
  const threshold = parseMoneyInput(form.threshold, locale);
  const alertThreshold = parseMoneyInput(form.alertThreshold, locale);
  const planQuantity = parseCountInput(form.planQuantity);

  const thresholdProblem = amountProblem(threshold);
  if (thresholdProblem) problems.threshold = thresholdProblem;
  const alertProblem = amountProblem(alertThreshold);
  if (alertProblem) problems.alertThreshold = alertProblem;
  if (planQuantity === null) problems.planQuantity = 'quantityInvalid';
  else if (form.enabled || planQuantity !== current.planQuantity) {
    // A value the service already holds is left alone while recharging stays off.
    if (planQuantity < PURCHASE_QUANTITY.min) problems.planQuantity = 'quantityMin';
    else if (planQuantity > PURCHASE_QUANTITY.max) problems.planQuantity = 'quantityMax';
  }
  if (form.enabled && !form.cardId) problems.cardId = 'cardRequired';
  if (Object.keys(problems).length > 0) return { problems };

  const cents = (reais: number) => Math.round(reais * 100);
  const patch: InputOf<'account:updateAutoRecharge'> = {};
  if (form.enabled !== current.enabled) patch.enabled = form.enabled;
  if (cents(threshold!) !== cents(current.threshold)) patch.threshold = cents(threshold!) / 100;
  if (planQuantity !== current.planQuantity) patch.planQuantity = planQuantity!;
  if (form.cardId && form.cardId !== current.cardId) patch.cardId = form.cardId;
  if (form.alertEnabled !== current.alertEnabled) patch.alertEnabled = form.alertEnabled;
  if (cents(alertThreshold!) !== cents(current.alertThreshold))
    patch.alertThreshold = cents(alertThreshold!) / 100;
  return { patch };
}
