const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;

/** Lower case without accents: `Conceição` → `conceicao`. The base of ordering and of list-name uniqueness. */
export function foldText(text: string): string {
  // Fast path: most names are plain ASCII letters, and NFD is the slow part.
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text);
  return (ascii ? text : text.normalize('NFD').replace(MARKS, '')).toLowerCase();
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
