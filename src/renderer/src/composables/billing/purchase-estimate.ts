import type { PlanView } from '@shared/dto';

/**
 * What a purchase of `quantity` credits that names no package probably costs:
 * quantity × the unit price of the largest package not above it (the
 * smallest package's price below them all). The service decides the real
 * total (it does not publish its rule), so the UI always labels this an
 * estimate. Same rule as core/billing/purchase/expected-charge.ts.
 * `adds`: what it adds to the balance, at that package's regular price per
 * credit (a package adds its regular `price`: ASSUMED, core/api/wire.ts).
 */
export function estimateCustom(
  quantity: number,
  plans: readonly PlanView[],
): { unit: number; total: number; adds: number } | null {
  if (plans.length === 0) return null;
  const bySize = [...plans].sort((a, b) => a.quantity - b.quantity);
  let tier = bySize[0]!;
  for (const plan of bySize) if (plan.quantity <= quantity) tier = plan;
  const regular = tier.quantity > 0 ? tier.price / tier.quantity : tier.unit;
  const round = (reais: number) => Math.round(reais * 100) / 100;
  return { unit: tier.unit, total: round(quantity * tier.unit), adds: round(quantity * regular) };
}
