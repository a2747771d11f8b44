/**
 * Column headers as the import reads them, the same in the core's import,
 * its wizard and `torpedo import --map`: folded for comparing, and made
 * into merge-field keys ("Data de Nascimento" -> `{{data_de_nascimento}}`).
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_ALNUM = /[^a-z0-9]+/g;
const MAX_FIELD_LENGTH = 40;

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
