/**
 * Brazilian numbers in the shapes people actually type, decided without
 * libphonenumber (which costs ~10 µs a number: a second per 100,000 rows).
 * Returns undefined for anything it is not sure about; the library decides
 * those. A test checks that every decision here matches the library's.
 */
export type FastResult =
  | { ok: true; e164: string }
  | { ok: false; reason: 'old_mobile'; suggestion: string }
  | { ok: false; reason: 'too_short' };

/**
 * Brazil's shortest numbers have 8 digits (4004-xxxx and the like, valid
 * without a DDD), so 3 to 7 digits typed without +CC are too short for
 * libphonenumber too, unless they start with 00: an international prefix,
 * which it reads as a country code (often one that does not exist). One or
 * two digits with punctuation around them are not a number at all to it
 * ("invalid"), so those are left to it.
 */
const SHORTEST_NATIONAL = 8;
const FEWEST_DIGITS = 3;

/** Area codes (DDD) in use, as libphonenumber's BR metadata lists them. */
const AREA_CODES = new Set(
  [
    '11-19',
    '21',
    '22',
    '24',
    '27',
    '28',
    '31-35',
    '37',
    '38',
    '41-49',
    '51',
    '53-55',
    '61-69',
    '71',
    '73-75',
    '77',
    '79',
    '81-89',
    '91-99',
  ].flatMap((span) => {
    const [from, to = from] = span.split('-').map(Number) as [number, number?];
    return Array.from({ length: to - from + 1 }, (_, k) => String(from + k));
  }),
);

const PLUS = 43;

function isSeparator(c: number): boolean {
  // space, no-break space, ( ) - .
  return c === 32 || c === 0xa0 || c === 40 || c === 41 || c === 45 || c === 46 || c === 9;
}

const NON_DIGITS = /\D/g;

/** Digits of a phone typed with the usual separators; undefined if anything else is in it. */
function digitsOf(s: string): { digits: string; plus: boolean } | undefined {
  let count = 0;
  let plus = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) count++;
    else if (c === PLUS && count === 0 && !plus) plus = true;
    else if (!isSeparator(c)) return undefined;
  }
  // One flat string either way (char-by-char concatenation would build a rope to flatten later).
  const digits = count === s.length ? s : s.replace(NON_DIGITS, '');
  return { digits, plus };
}

export function brazilFastPath(trimmed: string, defaultCountry: string): FastResult | undefined {
  const parsed = digitsOf(trimmed);
  if (!parsed) return undefined;
  const { digits, plus } = parsed;
  const n = digits.length;
  // A fragment ("1234", "98765"): libphonenumber says too short too, after tens of µs of trying.
  if (
    !plus &&
    defaultCountry === 'BR' &&
    n >= FEWEST_DIGITS &&
    n < SHORTEST_NATIONAL &&
    !digits.startsWith('00')
  ) {
    return { ok: false, reason: 'too_short' };
  }
  const national = nationalDigits(digits, plus, defaultCountry);
  return national === undefined ? undefined : brazilNational(national);
}

/** A Brazilian number's digits after +55, 55 or the trunk 0 (DDD first), in the shapes above; else undefined. */
function nationalDigits(digits: string, plus: boolean, defaultCountry: string): string | undefined {
  const n = digits.length;
  if (plus) return digits.startsWith('55') ? digits.slice(2) : undefined;
  if (defaultCountry !== 'BR') return undefined;
  if (digits.charCodeAt(0) === 48 /* trunk prefix 0 */)
    return n === 11 || n === 12 ? digits.slice(1) : undefined;
  if ((n === 12 || n === 13) && digits.startsWith('55')) return digits.slice(2);
  return n === 10 || n === 11 ? digits : undefined;
}

/**
 * The DDD of a number shaped like a Brazilian one (10 or 11 national
 * digits) when that DDD is not in use, as "(20) 98765-4321": said by name,
 * since "not a valid phone" leaves the owner hunting for the mistake.
 */
export function unusedAreaCode(trimmed: string, defaultCountry: string): string | undefined {
  const parsed = digitsOf(trimmed);
  if (!parsed) return undefined;
  const national = nationalDigits(parsed.digits, parsed.plus, defaultCountry);
  if (national === undefined || (national.length !== 10 && national.length !== 11)) return undefined;
  const ddd = national.slice(0, 2);
  return AREA_CODES.has(ddd) ? undefined : ddd;
}

function brazilNational(national: string): FastResult | undefined {
  if (!AREA_CODES.has(national.slice(0, 2))) return undefined;
  const first = national.charCodeAt(2) - 48;
  if (national.length === 11) return first === 9 ? { ok: true, e164: '+55' + national } : undefined;
  if (national.length !== 10) return undefined;
  if (first >= 2 && first <= 5) return { ok: true, e164: '+55' + national };
  if (first >= 6) {
    // Mobiles got a leading 9 in 2012-2016; an 8-digit one starting 6-9 is a number from before.
    return {
      ok: false,
      reason: 'old_mobile',
      suggestion: '+55' + national.slice(0, 2) + '9' + national.slice(2),
    };
  }
  return undefined;
}
