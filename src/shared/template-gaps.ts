/**
 * A merge field that comes out empty (`{{primeiro_nome|}}`, or a field the
 * contact lacks with no fallback) leaves a gap in the text; this closes it
 * as a person would have written the sentence without the word:
 *
 *   "Olá {{primeiro_nome|}}, tudo bem?"      → "Olá, tudo bem?"
 *   "Oi {{apelido|}} tudo bem?"              → "Oi tudo bem?"
 *   "Obrigado, {{nome|}}!"                   → "Obrigado!"
 *   "{{primeiro_nome|}}, seu pedido chegou." → "Seu pedido chegou."
 *   "Oi ({{apelido|}}) tudo"                 → "Oi tudo"
 *   a field alone on its line                → the line goes with it
 *
 * Only the gap's own surroundings change: the spaces and one mark of
 * punctuation that belonged to the missing word, and the capital a new
 * sentence takes. Everything else the owner wrote stays as written.
 */

const SPACES_AT_END = /[ \t\u00a0]+$/;
const SPACES_AT_START = /^[ \t\u00a0]+/;
const ONLY_SPACES = /^[ \t\u00a0]+$/;
/** The text before the gap ends a sentence (or there is none): what follows starts one. */
const SENTENCE_END = /(^|[\n.!?…])$/;
const CLAUSE_MARK = /[,;:]$/;
/** Brackets and quotes around nothing but the gap go with it. */
const PAIRS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '"': '"', '“': '”', "'": "'" };

/** `seu pedido` → `Seu pedido`; a word that is capitalised inside (`iPhone`) is left as it is. */
function capitalised(text: string): string {
  if (!/^\p{Ll}/u.test(text) || /^\p{Ll}\p{Lu}/u.test(text)) return text;
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

/**
 * `left`, the gap, then `right` (the next piece of the message: literal
 * text or a field's value; '' at the end of the message). Null when `right`
 * held only what the gap takes with it (`, ` after a missing first word):
 * the gap stays open for the piece after.
 */
export function closeGap(left: string, right: string): string | null {
  const leftTrim = left.replace(SPACES_AT_END, '');
  const leftSpaced = leftTrim.length < left.length;
  const rightTrim = right.replace(SPACES_AT_START, '');
  const rightSpaced = rightTrim.length < right.length;
  const sentenceStart = SENTENCE_END.test(leftTrim);
  const next = rightTrim.charAt(0);

  // "Oi ({{apelido|}}) tudo": the brackets held only the missing word.
  const opener = leftTrim.slice(-1);
  if (opener && PAIRS[opener] === next) return closeGap(leftTrim.slice(0, -1), rightTrim.slice(1));

  if (rightTrim === '') {
    // The end of the message: nothing dangles after the last word.
    return left.replace(/\s+$/, '').replace(CLAUSE_MARK, '');
  }
  if (next === '\n' || next === '\r') {
    // The end of a line; a field alone on its line takes the line with it.
    const before = leftTrim.replace(CLAUSE_MARK, '');
    return before.endsWith('\n') ? before + rightTrim.replace(/^\r?\n/, '') : before + rightTrim;
  }
  if (/[.!?…,;:]/.test(next)) {
    if (sentenceStart) {
      // "{{primeiro_nome|}}, seu pedido chegou": the word opened the sentence; the next one does now.
      const rest = rightTrim.replace(/^[.!?…,;:]+[ \t\u00a0]*/, '');
      return rest === '' ? null : left + capitalised(rest);
    }
    // "Olá {{primeiro_nome|}}, tudo" → "Olá, tudo"; "Obrigado, {{nome|}}!" → "Obrigado!".
    const ends = /[.!?…]/.test(next);
    if (CLAUSE_MARK.test(leftTrim)) {
      return ends ? leftTrim.slice(0, -1) + rightTrim : leftTrim + rightTrim.slice(1);
    }
    return leftTrim + rightTrim;
  }
  if (sentenceStart) return leftTrim === '' ? capitalised(rightTrim) : left + capitalised(rightTrim);
  // Between words: one space, not two.
  return leftSpaced && rightSpaced ? left + rightTrim : left + right;
}

/** A piece that is only spaces, met while a gap is open: it waits with the gap. */
export const onlySpaces = (text: string): boolean => ONLY_SPACES.test(text);
