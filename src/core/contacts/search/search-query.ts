/**
 * Turns what the user typed in the search box into an FTS5 MATCH expression.
 * User text never reaches FTS5 syntax: every token is reduced to letters,
 * digits and combining marks and then quoted, so `"`, `*`, `AND(`, `NEAR`,
 * `col:` and friends are searched as words (or dropped), never parsed.
 *
 * - Each word is a prefix (`jo si` finds `João Silva` as you type).
 * - A query of digits and phone punctuation with spaces is a phone search;
 *   a number without spaces, alone or among words, may be a phone or part
 *   of a name or e-mail (`loja 04`, `09999`).
 * - A phone typed in any format (`(11) 98765`, `98765-43`, `+55 11 9876`,
 *   `011 98765`) becomes its digits, matched as a prefix of the forms the
 *   index keeps for every number (see phonePrefixes).
 * - Accents and case are folded by the index's tokenizer (unicode61
 *   remove_diacritics 2), in the query as in the data.
 */

/** More words than this add nothing a person types into a search box. */
const MAX_TERMS = 8;
/** A phone has at most 15 digits; longer digit runs are cut to that. */
const MAX_DIGITS = 15;

const PHONE_LIKE = /^[+\d\s().\-/]+$/;
const HAS_DIGIT = /\d/;
const NON_DIGITS = /\D+/g;
/** Word characters as unicode61 sees them; everything else separates tokens. */
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;

const quote = (token: string) => `"${token}"*`;

/**
 * The index keeps a Brazilian number as national digits and last 8 digits
 * (search-index.ts); these are the prefixes of those forms that what was
 * typed can be: as is; without a typed country code 55; without leading 0s
 * (trunk prefix `011 ...`); without a mobile's leading 9 (`98765-43` is the
 * start of the last 9 digits, so `8765-43` of the last 8). A few extra
 * matches while typing are harmless; a miss is not.
 */
export function phonePrefixes(digits: string): string[] {
  const forms = new Set([digits]);
  if (digits.startsWith('55') && digits.length > 2) forms.add(digits.slice(2));
  const noZeros = digits.replace(/^0+/, '');
  if (noZeros !== digits && noZeros !== '') forms.add(noZeros);
  if (digits.startsWith('9') && digits.length > 1 && digits.length <= 9) forms.add(digits.slice(1));
  return [...forms];
}

function phoneTerm(text: string): string {
  const forms = phonePrefixes(text.replace(NON_DIGITS, '').slice(0, MAX_DIGITS));
  return `phones : (${forms.map(quote).join(' OR ')})`;
}

/**
 * The terms of a query, each a self-contained FTS5 expression, or [] when
 * nothing searchable was typed (only punctuation, or blanks).
 */
export function searchTerms(query: string): string[] {
  const text = query.normalize('NFC').trim();
  if (text === '') return [];
  // A whole query that looks like one phone number typed with spaces (`11 98765 4321`). Without
  // spaces it is one word below: a phone, or the digits in a name or e-mail (`09999` of "Cliente 09999").
  if (/\s/.test(text) && PHONE_LIKE.test(text) && HAS_DIGIT.test(text)) return [phoneTerm(text)];
  const terms: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (terms.length >= MAX_TERMS) break;
    const tokens = word
      .split(SEPARATORS)
      .filter((token) => token !== '')
      .slice(0, MAX_TERMS);
    const words = tokens.length ? `{name email phones} : (${tokens.map(quote).join(' AND ')})` : '';
    // Beside words, `04` may be the end of a name ("Loja 04") as much as the start of a phone.
    if (PHONE_LIKE.test(word) && HAS_DIGIT.test(word)) terms.push(`${phoneTerm(word)} OR ${words}`);
    else if (words) terms.push(words);
  }
  return terms;
}

/** Index tokens for the filters, kept in the index's `tags` column (see search-index.ts). */
export const profileTag = (profile: string) => `p${Buffer.from(profile, 'utf8').toString('hex')}`;
export const listTag = (listId: string) => `l${listId.replace(/[^0-9a-zA-Z]/g, '')}`;
export const OPTED_OUT_TAG = 'optout';

/**
 * The full MATCH expression: every filter and typed term required, within
 * the profile. The profile is selected one of two ways, whichever reads less
 * of the index: its own tag (`AND tags : p…`: reads the profile's whole
 * list, right for a small profile) or, given `others` (the profiles that
 * have contacts besides this one), by leaving theirs out (`NOT …`: reads
 * only theirs, nothing at all when the profile is alone, the usual case).
 */
export function matchExpression(options: {
  profile: string;
  query?: string;
  listId?: string;
  optedOut?: boolean;
  others?: readonly string[];
}): string {
  const positive: string[] = [];
  if (options.listId !== undefined) positive.push(`tags : "${listTag(options.listId)}"`);
  if (options.optedOut === true) positive.push(`tags : "${OPTED_OUT_TAG}"`);
  positive.push(...searchTerms(options.query ?? '').map((term) => `(${term})`));
  const excluded = options.optedOut === false ? [OPTED_OUT_TAG] : [];
  // FTS5 needs something to match before a NOT: the profile's own tag, when nothing else.
  if (options.others === undefined || positive.length === 0)
    positive.unshift(`tags : "${profileTag(options.profile)}"`);
  else excluded.push(...options.others.map(profileTag));
  const expression = positive.join(' AND ');
  if (excluded.length === 0) return expression;
  return `(${expression}) NOT (${excluded.map((tag) => `tags : "${tag}"`).join(' OR ')})`;
}
