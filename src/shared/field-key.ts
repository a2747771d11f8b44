/**
 * Column headers as the import reads them, the same in the core's import,
 * its wizard and `torpedo import --map`: folded for comparing, and made
 * into merge-field keys ("Data de Nascimento" -> `{{data_de_nascimento}}`).
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_ALNUM = /[^a-z0-9]+/g;
/** The longest merge-field key the wizard and the contact drawer accept (a slug is cut to it). */
export const MAX_FIELD_LENGTH = 40;

/** No accents, lower case, punctuation as spaces ("E-mail" -> "e mail", "Nº Celular" -> "no celular"). */
export function foldHeader(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(NOT_ALNUM, ' ').trim();
}

/** Merge-field keys the message editor already uses for the contact itself. */
export const RESERVED_FIELDS: ReadonlySet<string> = new Set(['nome', 'name', 'telefone', 'phone', 'email']);

/** A header as a merge-field key: "Data de Nascimento" -> "data_de_nascimento"; '' when nothing is left. */
export function slugifyField(header: string): string {
  let slug = foldHeader(header.slice(0, 200))
    .replace(/ /g, '_')
    .slice(0, MAX_FIELD_LENGTH)
    .replace(/_+$/, '');
  if (/^\d/.test(slug)) slug = 'campo_' + slug;
  return slug;
}

/**
 * The key a column gets when it becomes a merge field, the same in the core's
 * suggestion and the wizard: its header's slug (`coluna_4` when the header has
 * nothing usable), numbered `_2`, `_3`… past the reserved keys and `taken`.
 */
export function freeFieldKey(header: string, column: number, taken: ReadonlySet<string>): string {
  const base = slugifyField(header) || `coluna_${column + 1}`;
  let field = base;
  for (let n = 2; RESERVED_FIELDS.has(field) || taken.has(field); n++) field = `${base}_${n}`;
  return field;
}
