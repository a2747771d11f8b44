import type { CardView, PlanView } from '../../../../shared/dto';
import type { InputOf } from '../../../../shared/ipc-contract';
import { PURCHASE_QUANTITY } from '../../../../shared/contract/billing';
import { parseCountInput } from '../../composables/use-money';
import { estimateCustom } from '../../composables/billing/purchase-estimate';

/** The custom-quantity choice in the package list. */
export const CUSTOM = 'custom';

export type QuantityProblem = 'required' | 'notWhole' | 'tooSmall' | 'tooLarge';

/** A typed quantity, or why it cannot be bought (checked on every keystroke). */
export function readQuantity(text: string): { quantity: number } | { problem: QuantityProblem } {
  if (text.trim() === '') return { problem: 'required' };
  const quantity = parseCountInput(text);
  if (quantity === null) return { problem: 'notWhole' };
  if (quantity < PURCHASE_QUANTITY.min) return { problem: 'tooSmall' };
  if (quantity > PURCHASE_QUANTITY.max) return { problem: 'tooLarge' };
  return { quantity };
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
  quantityText: string,
  couponText: string,
  plans: readonly PlanView[],
): Order | null {
  const coupon = couponText.trim() || null;
  let order: Omit<Order, 'totalKind' | 'coupon'> & { exact: boolean };
  if (choice === CUSTOM) {
    const read = readQuantity(quantityText);
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

const cents = (reais: number) => Math.round(reais * 100);

/**
 * What to preselect to cover `need` reais (a held campaign's gap): the
 * smallest package whose balance covers it, else the fewest credits that do
 * (a package adds its regular price to the balance; a quantity, its estimate).
 */
export function choiceCovering(
  need: number,
  plans: readonly PlanView[],
): { planId: string } | { quantity: number } | null {
  if (plans.length === 0) return null;
  const plan = [...plans].sort((a, b) => a.total - b.total).find((p) => cents(p.price) >= cents(need));
  if (plan) return { planId: plan.id };
  // Larger quantities may cost less each, so the first guess is checked and raised until it covers.
  let quantity: number = PURCHASE_QUANTITY.min;
  for (let i = 0; i < 5; i++) {
    const estimate = estimateCustom(quantity, plans);
    if (!estimate || cents(estimate.adds) >= cents(need)) break;
    quantity = Math.max(quantity + 1, Math.ceil(need / (estimate.adds / quantity)));
  }
  return { quantity: Math.min(quantity, PURCHASE_QUANTITY.max) };
}
