import { defaultSmsType } from '../api/wire';
import type { SmsTypeView } from '../../shared/dto/campaigns';
import { toMicro } from './campaign-money';

export interface Pricing {
  /** The type the campaign is priced with; null when it cannot be known. */
  type: SmsTypeView | null;
  /** R$ per segment in micro-reais; null when unknown (no catalogue, or a type it does not have). */
  unitMicro: number | null;
  /** The campaign names a type the (known) catalogue does not have. */
  unknownType: boolean;
}

/**
 * The price of a campaign's type. No type chosen means the service's
 * default type (ASSUMED: see defaultSmsType in core/api/wire.ts).
 */
export function pricingOf(types: readonly SmsTypeView[] | null, smsTypeId: number | null): Pricing {
  if (types === null || types.length === 0) return { type: null, unitMicro: null, unknownType: false };
  const type = smsTypeId === null ? defaultSmsType(types) : types.find((t) => t.id === smsTypeId);
  if (!type) return { type: null, unitMicro: null, unknownType: true };
  return { type, unitMicro: toMicro(type.unitPrice), unknownType: false };
}
