import type { CardView, PlanView } from '@shared/dto';
import type { InputOf } from '@shared/ipc-contract';
import { PURCHASE_QUANTITY } from '@shared/contract/billing';
import { parseMoneyInput } from '@renderer/composables/use-money';
import { estimateCustom } from '@renderer/composables/billing/purchase-estimate';

/** The "another amount" choice in the package list. */
export const CUSTOM = 'custom';

export type AmountProblem = 'required' | 'notAmount' | 'tooSmall' | 'tooLarge' | 'unpriced';

const cents = (reais: number) => Math.round(reais * 100);

/**
 * The fewest credits whose estimate adds at least `amount` reais to the
 * balance (at the regular price per credit: ASSUMED, core/api/wire.ts). The owner
 * counts in reais; the service sells by the credit (250 to 1,000,000), at a
 * price per credit that falls with the quantity, so the first guess is
 * checked and raised until it covers. Null with no packages to price from.
 */
export function quantityCovering(amount: number, plans: readonly PlanView[]): number | null {
  if (plans.length === 0) return null;
  let quantity: number = PURCHASE_QUANTITY.min;
  for (let i = 0; i < 5; i++) {
    const estimate = estimateCustom(quantity, plans)!;
    if (cents(estimate.adds) >= cents(amount)) break;
    quantity = Math.max(quantity + 1, Math.ceil(amount / (estimate.adds / quantity)));
  }
  return Math.min(quantity, PURCHASE_QUANTITY.max);
}

/** The reais another amount can add: what the service's least and most credits come to. */
export function customRange(plans: readonly PlanView[]): { min: number; max: number } | null {
  const min = estimateCustom(PURCHASE_QUANTITY.min, plans);
  const max = estimateCustom(PURCHASE_QUANTITY.max, plans);
  return min && max ? { min: min.adds, max: max.adds } : null;
}

/** A typed amount in reais, with the credits that add it, or why it cannot be bought (checked on every keystroke). */
export function readAmount(
  text: string,
  locale: string,
  plans: readonly PlanView[],
): { amount: number; quantity: number } | { problem: AmountProblem } {
  if (text.trim() === '') return { problem: 'required' };
  const amount = parseMoneyInput(text, locale);
  if (amount === null || amount <= 0) return { problem: 'notAmount' };
  const range = customRange(plans);
  if (!range) return { problem: 'unpriced' };
  if (cents(amount) < cents(range.min)) return { problem: 'tooSmall' };
  if (cents(amount) > cents(range.max)) return { problem: 'tooLarge' };
  return { amount, quantity: quantityCovering(amount, plans)! };
}

/**
 * How sure the total is: `exact` (a package's own price), `about` (a custom
 * quantity: the service sets its price), `upTo` (a coupon can only lower
 * it), `unknown` (no packages to estimate from).
 */
export type TotalKind = 'exact' | 'about' | 'upTo' | 'unknown';

export interface Order {
  plan: PlanView | null;
  quantity: number;
  unit: number | null;
  total: number | null;
  /** What enters the balance: a package's regular price (more than its total when on sale). */
  adds: number | null;
  totalKind: TotalKind;
  coupon: string | null;
}

export function orderOf(
  choice: string,
  amountText: string,
  couponText: string,
  plans: readonly PlanView[],
  locale: string,
): Order | null {
  const coupon = couponText.trim() || null;
  let order: Omit<Order, 'totalKind' | 'coupon'> & { exact: boolean };
  if (choice === CUSTOM) {
    const read = readAmount(amountText, locale, plans);
    if ('problem' in read) return null;
    const estimate = estimateCustom(read.quantity, plans);
    order = {
      plan: null,
      quantity: read.quantity,
      unit: estimate?.unit ?? null,
      total: estimate?.total ?? null,
      adds: estimate?.adds ?? null,
      exact: false,
    };
  } else {
    const plan = plans.find((p) => p.id === choice);
    if (!plan) return null;
    order = {
      plan,
      quantity: plan.quantity,
      unit: plan.unit,
      total: plan.total,
      adds: plan.price,
      exact: true,
    };
  }
  const totalKind: TotalKind =
    order.total === null ? 'unknown' : coupon ? 'upTo' : order.exact ? 'exact' : 'about';
  return {
    plan: order.plan,
    quantity: order.quantity,
    unit: order.unit,
    total: order.total,
    adds: order.adds,
    totalKind,
    coupon,
  };
}

/** What `credits:buy` receives: a package or a quantity, the card, the coupon. */
export function buyInputOf(order: Order, card: CardView): InputOf<'credits:buy'> {
  return {
    ...(order.plan ? { planId: order.plan.id } : { quantity: order.quantity }),
    cardId: card.id,
    ...(order.coupon ? { coupon: order.coupon } : {}),
  };
}

/** The package selected at first: the smallest, so nothing large is ever one click away by default. */
export const preferredPlan = (plans: readonly PlanView[]): PlanView | undefined =>
  [...plans].sort((a, b) => a.quantity - b.quantity)[0];

/** The card to offer first: the default one, else the first. */
export const preferredCard = (cards: readonly CardView[]): CardView | undefined =>
  cards.find((c) => c.isDefault) ?? cards[0];

/**
 * What to preselect to cover `need` reais (a held campaign's gap): the
 * smallest package whose balance covers it, else the amount that does
 * (what the fewest covering credits add; a package adds its regular price).
 */
export function choiceCovering(
  need: number,
  plans: readonly PlanView[],
): { planId: string } | { amount: number } | null {
  if (plans.length === 0) return null;
  const plan = [...plans].sort((a, b) => a.total - b.total).find((p) => cents(p.price) >= cents(need));
  if (plan) return { planId: plan.id };
  return { amount: estimateCustom(quantityCovering(need, plans)!, plans)!.adds };
}
