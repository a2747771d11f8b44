import { normalizePhone, type CountryCode } from './import/normalize-phone';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: string; message: string };

const MESSAGES: Record<string, string> = {
  empty: 'Enter a phone number',
  excel_scientific: 'This number lost its last digits (scientific notation); type it again',
  too_short: 'This number is too short (missing the area code?)',
  too_long: 'This number is too long',
  invalid: 'Not a valid phone number',
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
    };
  }
  return { ok: false, reason: result.reason, message: MESSAGES[result.reason] ?? MESSAGES.invalid! };
}
