/**
 * Opt-out by reply (issue 33): a customer's reply that is nothing but one of
 * these words, read loosely (any case, accents, spaces and punctuation
 * ignored), takes the number off every campaign, automation and test send.
 * Only the word alone: "Não quero sair" or "sair da lista" are sentences a
 * person may write for other reasons, and an opt-out nobody asked for loses
 * the shop a customer; "Sair!!", " sair " or "SÁIR" are the word.
 *
 * In src/shared so the inbox page can say which words count. Pure.
 */

/** The words, as the inbox page lists them. */
export const OPT_OUT_WORDS = ['SAIR', 'PARE', 'PARAR', 'CANCELAR', 'DESCADASTRAR', 'STOP'] as const;

const WORDS: ReadonlySet<string> = new Set(OPT_OUT_WORDS);

// Accents come apart under NFD into a letter and its combining marks, which are then dropped; anything
// that is neither a letter nor a digit (spaces, punctuation, symbols, emoji) is dropped too, so digits
// and other letters still count: "sair2" and "sairr" are not the word.
const MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** The reply as it is compared: upper-case letters and digits, no accents. */
export function optOutKey(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').replace(NOT_LETTER_OR_DIGIT, '').toUpperCase();
}

/** True when the reply's whole text is one of the opt-out words. */
export function isOptOutReply(text: string): boolean {
  return WORDS.has(optOutKey(text));
}
