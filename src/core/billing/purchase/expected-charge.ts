import type { Plan, PurchaseRequest } from '../../api/wire-schemas';
import type { Expectation } from './attempt-repo';
import { toCents } from '../../money';

/**
 * What a purchase should cost, worked out before it is sent, so that after a
 * time-out the invoice it created can be told from any other.
 *
 * - A package (`plan_id`): its own `total` from GET /v1/billing/plans: exact.
 * - A bare quantity: quantity × `unit` of the largest package not above it
 *   (the smallest package's unit below them all). This is how the sandbox
 *   prices it; the real service does not publish its rule, so it is only an
 *   estimate and reconciliation treats it as a preference, not a filter.
 * - With a coupon the discount is the service's to decide: total unknown.
 * - Packages unreadable or the plan id unknown: total unknown (the service
 *   will refuse an unknown plan with a 422 anyway).
 */
export function expectCharge(request: PurchaseRequest, plans: readonly Plan[] | null): Expectation {
  const unknown = (quantity: number | null): Expectation => ({ quantity, totalCents: null, exact: false });
  if (request.plan_id !== undefined) {
    const plan = plans?.find((p) => p.id.toLowerCase() === request.plan_id!.toLowerCase());
    if (!plan) return unknown(null);
    // A package listed without its quantity (the SDKs read 0): how many credits it holds is not known.
    const quantity = plan.quantity > 0 ? plan.quantity : null;
    if (request.coupon !== undefined) return unknown(quantity);
    return { quantity, totalCents: toCents(plan.total), exact: true };
  }
  const quantity = request.quantity ?? null;
  if (quantity === null || request.coupon !== undefined || !plans?.length) return unknown(quantity);
  const bySize = [...plans].sort((a, b) => a.quantity - b.quantity);
  let unit = bySize[0]!.unit;
  for (const plan of bySize) if (plan.quantity <= quantity) unit = plan.unit;
  return { quantity, totalCents: Math.round(quantity * unit * 100), exact: false };
}
