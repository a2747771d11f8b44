/**
 * Whether a number can receive an SMS at all: a fixed line (a landline, and
 * Brazil's 0800, 0300 and 4004 service numbers) cannot. Read with
 * libphonenumber's number type and its full metadata:
 *
 * - FIXED_LINE, TOLL_FREE, PREMIUM_RATE, SHARED_COST, UAN, VOICEMAIL: no SMS.
 * - MOBILE, PAGER, PERSONAL_NUMBER, VOIP: may take one.
 * - FIXED_LINE_OR_MOBILE (the US, Canada and others give both from one
 *   range, so the library cannot tell) and a valid number of no known type:
 *   taken as able to. Refusing them would refuse every American customer;
 *   one that is a landline fails at the service and is reported as failed,
 *   not charged as delivered. Brazil's ranges never give this answer: its
 *   metadata tells fixed lines from mobiles.
 *
 * Brazil's two shapes are decided without the library (most numbers here,
 * and a parse costs ~10 µs): 11 digits after +55 starting with 9 after the
 * DDD is a mobile, 10 digits starting with 2 to 5 a fixed line; a test holds
 * this to the library's answer.
 */
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

const NO_SMS: ReadonlySet<NumberType> = new Set<NumberType>([
  'FIXED_LINE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'UAN',
  'VOICEMAIL',
]);

/** `e164`: a valid number in E.164 (`+551133334444`). */
export function isLandline(e164: string): boolean {
  if (e164.startsWith('+55')) {
    const first = e164.charCodeAt(5);
    if (e164.length === 14 && first === 57 /* 9 */) return false;
    if (e164.length === 13 && first >= 50 && first <= 53 /* 2 to 5 */) return true;
  }
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type !== undefined && NO_SMS.has(type);
}
