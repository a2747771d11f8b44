/**
 * Phone numbers, the one place they are read: the import's planner, the
 * contact form, opt-outs and the campaigns' test send all turn what someone
 * typed into E.164 here, with the same rules.
 */
import {
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';
import { brazilFastPath, unusedAreaCode } from './br-phone-fast-path';

export type { CountryCode };

export type PhoneProblem =
  'empty' | 'excel_scientific' | 'too_short' | 'too_long' | 'invalid' | 'unknown_area_code' | 'old_mobile';

export type PhoneResult =
  | { ok: true; e164: string }
  | {
      ok: false;
      reason: PhoneProblem;
      /** For 'old_mobile': the same number with the 9 added, in E.164. */
      suggestion?: string;
      /** For 'unknown_area_code': the two digits read as the DDD. */
      areaCode?: string;
    };

/** What Excel leaves of a long number it showed in scientific notation: 5.51199E+12, 5,51199E+12. */
const EXCEL_SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/**
 * A phone Excel kept as a number and wrote with decimals (`5511999999999.0`,
 * `11987654321,00`): the digits are all there; the zero decimals are not
 * part of the number.
 */
const EXCEL_DECIMALS = /^(\+?\d{8,15})[.,]0+$/;
const MAX_INPUT = 64;
/** Any script's digits: libphonenumber reads several (Arabic-Indic, full-width...), never letters. */
const ANY_DIGIT = /\p{Nd}/u;

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
  return normalizeDigits(EXCEL_DECIMALS.exec(s)?.[1] ?? s, defaultCountry);
}

function normalizeDigits(s: string, defaultCountry: CountryCode): PhoneResult {
  const fast = brazilFastPath(s, defaultCountry);
  if (fast) return fast;
  // "sem telefone", "-": no digit, no number (what the library concludes too, far slower).
  if (!ANY_DIGIT.test(s)) return { ok: false, reason: 'invalid' };
  return normalizeWithLibrary(s, defaultCountry);
}

/** The general case, with libphonenumber. Exported for the test that holds the fast path to it. */
export function normalizeWithLibrary(s: string, defaultCountry: CountryCode): PhoneResult {
  return withoutStackTraces(() => {
    const phone = parsePhoneNumberFromString(s, { defaultCountry });
    if (phone?.isValid()) return { ok: true, e164: phone.number };
    switch (validatePhoneNumberLength(s, { defaultCountry })) {
      case 'TOO_SHORT':
        return { ok: false, reason: 'too_short' };
      case 'TOO_LONG':
        return { ok: false, reason: 'too_long' };
      default: {
        if (lacksAreaCode(s, defaultCountry)) return { ok: false, reason: 'too_short' };
        const areaCode = unusedAreaCode(s, defaultCountry);
        return areaCode
          ? { ok: false, reason: 'unknown_area_code', areaCode }
          : { ok: false, reason: 'invalid' };
      }
    }
  });
}

/**
 * libphonenumber tells a number it cannot parse by throwing an error inside
 * and catching it; the stack trace V8 captures for each one was much of what
 * an invalid number cost (up to 100 µs or more). Nobody sees those errors.
 */
function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
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

export type PhoneCheck =
  | { ok: true; e164: string }
  | {
      ok: false;
      reason: string;
      message: string;
      /** For 'old_mobile': the number with the 9 added, in E.164. */
      suggested?: string;
      /** For 'unknown_area_code': the DDD that does not exist. */
      areaCode?: string;
    };

/** A fixed line passes as a number (an opt-out may be one) but a contact or a test send refuses it. */
export const LANDLINE_MESSAGE =
  'This is a landline (fixed line): it cannot receive SMS. Use a mobile number.';

const MESSAGES: Record<string, string> = {
  empty: 'Enter a phone number',
  excel_scientific: 'This number lost its last digits (scientific notation); type it again',
  too_short: 'This number is too short (missing the area code?)',
  too_long: 'This number is too long',
  invalid: 'Not a valid phone number',
  unknown_area_code: 'This area code (DDD) does not exist in Brazil',
};

/**
 * A phone typed by hand, in any format, to E.164 (default country Brazil),
 * with the same rules as the import: `(11) 98765-4321`, `011 98765-4321` and
 * `+55 11 98765 4321` are all `+5511987654321`. An old 8-digit mobile is
 * refused with the 9-digit number to type instead.
 */
export function checkPhone(raw: string, country: CountryCode = 'BR'): PhoneCheck {
  const result = normalizePhone(raw, country);
  if (result.ok) return { ok: true, e164: result.e164 };
  if (result.reason === 'old_mobile' && result.suggestion) {
    return {
      ok: false,
      reason: 'old_mobile',
      message: `Old mobile number without the leading 9: did you mean ${result.suggestion}?`,
      suggested: result.suggestion,
    };
  }
  return {
    ok: false,
    reason: result.reason,
    message: MESSAGES[result.reason] ?? MESSAGES.invalid!,
    ...(result.areaCode ? { areaCode: result.areaCode } : {}),
  };
}
