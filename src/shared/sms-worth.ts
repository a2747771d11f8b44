/**
 * Money counted in the words a shop owner counts in: whole one-part SMS of
 * one type (`R$ 49,46` is 549 SMS at R$ 0,09). Used for the balance (core)
 * and for what a package adds to it (renderer), so both count alike.
 */

/** Micro-reais: SMS prices may have more than two decimals (R$ 0,095), which cents would round. */
const micro = (reais: number): number => Math.round(reais * 1_000_000);

/** How many SMS at `unitPrice` the amount pays for; null when the price is not a price. */
export function smsCountOf(amount: number, unitPrice: number): number | null {
  const unit = micro(unitPrice);
  if (!(unit > 0)) return null;
  return Math.max(0, Math.floor(micro(amount) / unit));
}
