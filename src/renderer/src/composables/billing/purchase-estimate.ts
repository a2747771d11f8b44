import type { PlanView } from '../../../../shared/dto';

/**
 * What a purchase of `quantity` credits that names no package probably costs:
 * quantity × the unit price of the largest package not above it (the
 * smallest package's price below them all). The service decides the real
 * total (it does not publish its rule), so the UI always labels this an
 * estimate. Same rule as core/billing/purchase/expected-charge.ts.
 */
export function estimateCustom(
  quantity: number,
  plans: readonly PlanView[],
): { unit: number; total: number } | null {
  if (plans.length === 0) return null;
  const bySize = [...plans].sort((a, b) => a.quantity - b.quantity);
  let unit = bySize[0]!.unit;
  for (const plan of bySize) if (plan.quantity <= quantity) unit = plan.unit;
  return { unit, total: Math.round(quantity * unit * 100) / 100 };
}
