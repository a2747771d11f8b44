/**
 * "Plain letters": replaces the characters that would force a message into
 * UCS-2 (70 characters per SMS instead of 160) with the nearest GSM-7 ones:
 * `promoção` → `promocao`, curly quotes → straight ones, dashes → `-`,
 * `…` → `...`, a non-breaking space → a space.
 *
 * Letters that ARE in the GSM-7 default alphabet stay as they are (`é`, `ü`,
 * `ñ`, `à`, `Ç`...): they cost nothing. Characters with no plain equivalent
 * (emoji, other scripts) stay too: the message stays UCS-2 and the composer
 * shows them highlighted. Pure and dependency-free (core and renderer).
 */
import { gsmUnits } from './sms-segments';

/** Replacements compatibility decomposition does not give (or gives badly). */
const EXPLICIT: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201a': "'", // ‚
  '\u201b': "'", // ‛
  '\u2032': "'", // ′
  '\u00b4': "'", // ´
  '`': "'",
  '\u201c': '"', // “
  '\u201d': '"', // ”
  '\u201e': '"', // „
  '\u201f': '"', // ‟
  '\u2033': '"', // ″
  '\u00ab': '"', // «
  '\u00bb': '"', // »
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2015': '-', // ―
  '\u2212': '-', // minus sign
  '\u2022': '-', // •
  '\u2026': '...', // …
  '\t': ' ',
  '\u00a0': ' ', // non-breaking space
  '\u202f': ' ', // narrow non-breaking space
  '\u2007': ' ', // figure space
  '\u200b': '', // zero-width space (pasted from web pages)
  '\ufeff': '', // byte order mark
  '\u00ad': '', // soft hyphen
  '\u0153': 'oe', // œ
  '\u0152': 'OE', // Œ
};

const MARKS = /\p{M}/gu;
const isGsm = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (gsmUnits(text[i]!) === 0) return false;
  return true;
};

/** Per character, once: what it becomes. */
const cache = new Map<string, string>();

function plainOf(char: string): string {
  const known = cache.get(char);
  if (known !== undefined) return known;
  let plain = char;
  if (gsmUnits(char) > 0) plain = char;
  else if (EXPLICIT[char] !== undefined) plain = EXPLICIT[char]!;
  else if (/^\p{M}$/u.test(char))
    plain = ''; // an accent left alone by NFC (`q̃`): drop it
  else {
    // ã → a + ~ → a; ª → a; ﬁ → fi; full-width Ａ → A. Only when the whole result is GSM-7.
    const base = char.normalize('NFKD').replace(MARKS, '');
    if (base !== '' && isGsm(base)) plain = base;
  }
  cache.set(char, plain);
  return plain;
}

/** The text with every replaceable character replaced (unchanged when it is all GSM-7 already). */
export function toPlainLetters(text: string): string {
  if (isGsm(text)) return text;
  let out = '';
  // NFC first: a letter typed as base + combining accent becomes one character to replace.
  for (const char of text.normalize('NFC')) out += plainOf(char);
  return out;
}

/** Whether plain letters would change this text (the composer offers the option only then). */
export const hasPlainAlternative = (text: string): boolean => toPlainLetters(text) !== text;
