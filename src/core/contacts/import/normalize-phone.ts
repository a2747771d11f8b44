import {
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';
import { brazilFastPath } from './br-phone-fast-path';

export type { CountryCode };

export type PhoneProblem = 'empty' | 'excel_scientific' | 'too_short' | 'too_long' | 'invalid' | 'old_mobile';

export type PhoneResult =
  | { ok: true; e164: string }
  | {
      ok: false;
      reason: PhoneProblem;
      /** For 'old_mobile': the same number with the 9 added, in E.164. */
      suggestion?: string;
    };

/** What Excel leaves of a long number it showed in scientific notation: 5.51199E+12, 5,51199E+12. */
const EXCEL_SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
const MAX_INPUT = 64;

/**
 * One phone cell to E.164. The default country applies to numbers typed
 * without +CC. Uses the full ("max") metadata so that landline and mobile
 * ranges are checked, not only lengths: an 8-digit old mobile is reported
 * as such with the 9-digit suggestion. Brazilian shapes take a fast path.
 */
export function normalizePhone(raw: string, defaultCountry: CountryCode = 'BR'): PhoneResult {
  const s = raw.trim();
  if (s === '') return { ok: false, reason: 'empty' };
  if (s.length > MAX_INPUT) return { ok: false, reason: 'invalid' };
  if (EXCEL_SCIENTIFIC.test(s)) return { ok: false, reason: 'excel_scientific' };
  const fast = brazilFastPath(s, defaultCountry);
  if (fast) return fast;
  const phone = parsePhoneNumberFromString(s, { defaultCountry });
  if (phone?.isValid()) return { ok: true, e164: phone.number };
  switch (validatePhoneNumberLength(s, { defaultCountry })) {
    case 'TOO_SHORT':
      return { ok: false, reason: 'too_short' };
    case 'TOO_LONG':
      return { ok: false, reason: 'too_long' };
    default:
      return { ok: false, reason: lacksAreaCode(s, defaultCountry) ? 'too_short' : 'invalid' };
  }
}

/** "98765-4321" in Brazil: a local number typed without its DDD, the usual cause of a short number. */
function lacksAreaCode(s: string, defaultCountry: CountryCode): boolean {
  if (defaultCountry !== 'BR' || s.includes('+')) return false;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  return digits === 8 || digits === 9;
}
