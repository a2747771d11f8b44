import type { PlanView } from './dto/billing';

/**
 * What `quantity` credits add to the balance, in R$: at the regular price
 * per credit of the largest package not above them (the smallest package's
 * below them all), as a package adds its regular `price` (ASSUMED:
 * core/api/wire.ts; the sandbox does the same). Null with no packages.
 */
export function creditsAdded(quantity: number, plans: readonly PlanView[]): number | null {
  if (plans.length === 0 || quantity <= 0) return null;
  const bySize = [...plans].sort((a, b) => a.quantity - b.quantity);
  let tier = bySize[0]!;
  for (const plan of bySize) if (plan.quantity <= quantity) tier = plan;
  const regular = tier.quantity > 0 ? tier.price / tier.quantity : tier.unit;
  return Math.round(quantity * regular * 100) / 100;
}
