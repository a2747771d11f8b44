import type { SmsTypeView } from '../../shared/campaign-dto';
import type { SmsWorthView } from '../../shared/dto';

/** Micro-reais: SMS prices have more than two decimals (R$ 0,095), so cents would round them. */
const micro = (reais: number): number => Math.round(reais * 1_000_000);

/**
 * What a balance pays for, in the words a shop owner counts in: whole
 * one-part SMS of the default type (`R$ 49,46` is 549 SMS at R$ 0,09).
 */
export function smsWorthOf(balance: number, type: SmsTypeView): SmsWorthView | null {
  const unit = micro(type.unitPrice);
  if (unit <= 0) return null;
  return {
    typeName: type.name,
    unitPrice: type.unitPrice,
    count: Math.max(0, Math.floor(micro(balance) / unit)),
  };
}
