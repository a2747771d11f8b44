const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;

const slowFold = (text: string) => text.normalize('NFD').replace(MARKS, '').toLowerCase();

/**
 * Each Latin-1 character (U+0000-U+00FF) folded on its own, by the general
 * rule below. Per character is the same as per string in this range: NFD
 * decomposes characters one by one, only combining marks (all above U+00FF)
 * reorder, and no lowercase mapping here depends on the neighbours.
 */
const LATIN1_FOLDED = Array.from({ length: 256 }, (_, code) => slowFold(String.fromCharCode(code)));

/** Lower case without accents: `Conceição` → `conceicao`. The base of ordering and of list-name uniqueness. */
export function foldText(text: string): string {
  // Names in Brazil are Latin-1 but for rare exceptions, and NFD is the slow part (an import folds every name).
  let out = '';
  let plain = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x100) return slowFold(text);
    if (code >= 0x80) {
      out += text.slice(plain, i) + LATIN1_FOLDED[code]!;
      plain = i + 1;
    }
  }
  return (plain === 0 ? text : out + text.slice(plain)).toLowerCase();
}

/**
 * Nameless contacts sort after every name: U+FFFF is above any character a
 * name holds, in SQLite's BINARY (UTF-8 byte) order.
 */
const NAMELESS = '\uffff';

/**
 * The `sort_key` column: the name folded (pt-BR readers expect `Álvaro` next
 * to `Alvaro`, and `ana` next to `Ana`), spaces collapsed.
 */
export function sortKeyOf(name: string): string {
  const key = foldText(name).replace(SPACES, ' ').trim();
  return key === '' ? NAMELESS : key;
}

/** Names as people type them: trimmed, inner runs of spaces collapsed. */
export const cleanName = (name: string): string => name.replace(SPACES, ' ').trim();

/** The uniqueness key of a list name: `Clientes São Paulo` and `clientes SÃO paulo` are the same list. */
export const listNameKey = (name: string): string => cleanName(name).toLocaleLowerCase('pt-BR');
