/**
 * Merge fields in a campaign's text: `{{nome}}`, `{{ nome }}`, and
 * `{{nome|Cliente}}` (the text after `|` is used when the contact has no
 * value). Pure and dependency-free: the core renders every message with it
 * and the renderer highlights the fields with the same parse.
 *
 * - Built-in fields: `nome`/`name`, `telefone`/`phone`, `email`,
 *   `primeiro_nome`/`first_name` (the first word of the name).
 * - Any other name is a custom field of the contact (its `fields`, keyed by
 *   the spreadsheet header the import turned into `cidade`,
 *   `data_de_nascimento`...). Names are compared in that same folded form,
 *   so `{{Cidade}}`, `{{ CIDADE }}` and `{{Data de Nascimento}}` all find them.
 * - A field that comes out empty (`{{primeiro_nome|}}`, or a value missing
 *   without a fallback) leaves no stray space or comma: template-gaps.ts.
 * - What does not look like a field (`{{` without `}}`, empty braces, a
 *   line break or stray braces inside) parses as literal text; the send
 *   refuses it (`unclosedFields`) rather than let it go out as typed.
 *
 * Parse once, render many: `compileTemplate` resolves the fields to slots,
 * so rendering a message is one pass over a few parts.
 */

import { closeGap, onlySpaces } from './template-gaps';

export interface TemplateTextPart {
  kind: 'text';
  text: string;
  /** Offsets in the template (end exclusive), for highlighting. */
  start: number;
  end: number;
}

export interface TemplateFieldPart {
  kind: 'field';
  /** The name as typed, trimmed (`Nome`). */
  name: string;
  /** The folded name fields are matched by (`nome`, `data_de_nascimento`). */
  key: string;
  /** The text after `|`, trimmed; null when there is no `|`. */
  fallback: string | null;
  start: number;
  end: number;
}

export type TemplatePart = TemplateTextPart | TemplateFieldPart;

export type BuiltinField = 'name' | 'phone' | 'email' | 'firstName';

/** Folded names of the built-in fields, Portuguese and English. */
export const BUILTIN_FIELDS: Readonly<Record<string, BuiltinField>> = {
  nome: 'name',
  name: 'name',
  telefone: 'phone',
  phone: 'phone',
  email: 'email',
  e_mail: 'email',
  primeiro_nome: 'firstName',
  first_name: 'firstName',
};

/** The keys the composer offers for the built-ins, per language (the others are accepted too). */
export const BUILTIN_KEYS: Readonly<Record<'pt-BR' | 'en', Record<BuiltinField, string>>> = {
  'pt-BR': { name: 'nome', phone: 'telefone', email: 'email', firstName: 'primeiro_nome' },
  en: { name: 'name', phone: 'phone', email: 'email', firstName: 'first_name' },
};

const MARKS = /[\u0300-\u036f]/g;
const NOT_ALNUM = /[^a-z0-9]+/g;
/** Longest name between the braces; anything longer is text that happens to contain braces. */
const MAX_NAME = 64;
/** A field name: letters, digits, spaces and a few joiners (`Data de Nascimento`, `e-mail`, `nome.completo`). */
const NAME_CHARS = /^[\p{L}\p{N} _.-]+$/u;

/**
 * A field name in the form custom fields are stored in (the import's
 * slug): no accents, lower case, anything else between words as `_`.
 */
export function fieldKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(NOT_ALNUM, '_')
    .replace(/^_+|_+$/g, '');
}

export const builtinOf = (key: string): BuiltinField | null => BUILTIN_FIELDS[key] ?? null;

/** The field at `open` (which holds `{{`), or null when it is not one. */
function fieldAt(text: string, open: number): TemplateFieldPart | null {
  const close = text.indexOf('}}', open + 2);
  if (close < 0) return null;
  const inner = text.slice(open + 2, close);
  const bar = inner.indexOf('|');
  const name = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  if (name.length === 0 || name.length > MAX_NAME || !NAME_CHARS.test(name)) return null;
  const fallback = bar < 0 ? null : inner.slice(bar + 1).trim();
  if (fallback !== null && /[\r\n{]/.test(fallback)) return null;
  const key = fieldKey(name);
  if (key === '') return null;
  return { kind: 'field', name, key, fallback, start: open, end: close + 2 };
}

/** The template's parts in order; adjacent text is one part. */
export function parseTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let textStart = 0;
  let at = text.indexOf('{{');
  while (at >= 0) {
    const field = fieldAt(text, at);
    if (field === null) {
      // Not a field: the first brace is text; `{{{nome}}}` still finds `{{nome}}` one further on.
      at = text.indexOf('{{', at + 1);
      continue;
    }
    if (at > textStart)
      parts.push({ kind: 'text', text: text.slice(textStart, at), start: textStart, end: at });
    parts.push(field);
    textStart = field.end;
    at = text.indexOf('{{', textStart);
  }
  if (textStart < text.length) {
    parts.push({ kind: 'text', text: text.slice(textStart), start: textStart, end: text.length });
  }
  return parts;
}

/** A value that counts as missing: none, or only spaces. */
export const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

/**
 * What the send refuses in a text, rather than send something the owner did
 * not mean (the templates issue adds its own kinds here):
 * - `unclosed_field`: `{{` that opens no field (`{{nome` without `}}`,
 *   `{{nome}`, `{{ }}`), which would go out literally;
 * - `field_nobody_has`: a field without a fallback that no recipient has a
 *   value for (a typo, a column never imported), which would go out blank
 *   ("Oi !");
 * - `unknown_field`: a field with a fallback that no contact at all has (not
 *   a built-in, and no contact of the book has the column: a typo such as
 *   `{{cidadee|sua cidade}}`), which would send every recipient the fallback.
 * template-check.ts puts them together for a text and its recipients.
 */
export type TemplateProblem =
  | { kind: 'unclosed_field'; field: string; start: number }
  | { kind: 'field_nobody_has'; field: string; key: string }
  | { kind: 'unknown_field'; field: string; key: string; fallback: string };

/** `{{` left in the text parts of a parse: each opens no field. */
export function unclosedFields(parts: readonly TemplatePart[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const part of parts) {
    if (part.kind !== 'text') continue;
    for (let at = part.text.indexOf('{{'); at >= 0; at = part.text.indexOf('{{', at + 2)) {
      // What the owner typed: the braces and the name after them, `{{nome` or `{{nome}`.
      const typed = /^\{\{\s*[\p{L}\p{N}_.-]{0,30}\s*\}{0,2}/u.exec(part.text.slice(at))?.[0] ?? '{{';
      problems.push({ kind: 'unclosed_field', field: typed, start: part.start + at });
    }
  }
  return problems;
}

export interface CompiledTemplate {
  parts: readonly TemplatePart[];
  /** Distinct field keys in order of first use; `render` takes one value per key, in this order. */
  keys: readonly string[];
  /** The message for one recipient: each field's value, else its fallback, else nothing. */
  render(values: readonly (string | null | undefined)[]): string;
  /** Keys with no value and no fallback for these values (they render empty). */
  missing(values: readonly (string | null | undefined)[]): string[];
  /**
   * The fields no recipient filled: `filled[slot]` says whether any recipient
   * had a value for `keys[slot]`; a field used without a fallback and never
   * filled is a `field_nobody_has` problem (named as typed, once per key).
   */
  nobodyHas(filled: readonly boolean[]): TemplateProblem[];
}

export function compileTemplate(text: string): CompiledTemplate {
  const parts = parseTemplate(text);
  const keys: string[] = [];
  // Flat program: a string is literal text, a number n is field slot n with fallback `fallbacks[i]`.
  const program: (string | number)[] = [];
  const fallbacks: string[] = [];
  for (const part of parts) {
    if (part.kind === 'text') {
      program.push(part.text);
      fallbacks.push('');
      continue;
    }
    let slot = keys.indexOf(part.key);
    if (slot < 0) slot = keys.push(part.key) - 1;
    program.push(slot);
    fallbacks.push(part.fallback ?? '');
  }
  const fieldParts = parts.filter((p): p is TemplateFieldPart => p.kind === 'field');

  return {
    parts,
    keys,
    render(values) {
      let out = '';
      // A field that came out empty leaves a gap, closed with what follows it (template-gaps.ts).
      let gap = false;
      for (let i = 0; i < program.length; i++) {
        const step = program[i]!;
        const piece = typeof step === 'string' ? step : isBlank(values[step]) ? fallbacks[i]! : values[step]!;
        if (!gap) {
          if (piece === '' && typeof step === 'number') gap = true;
          else out += piece;
        } else if (piece === '' || onlySpaces(piece)) {
          // Another empty field, or the space between two: it waits with the gap (one space kept).
          if (piece !== '' && !/[ \t\u00a0]$/.test(out)) out += piece;
        } else {
          const closed = closeGap(out, piece);
          if (closed !== null) {
            out = closed;
            gap = false;
          }
        }
      }
      return gap ? (closeGap(out, '') ?? out) : out;
    },
    missing(values) {
      const missing = new Set<string>();
      for (const part of fieldParts) {
        if (isBlank(values[keys.indexOf(part.key)]) && !part.fallback) missing.add(part.key);
      }
      return [...missing];
    },
    nobodyHas(filled) {
      const named = new Map<string, TemplateProblem>();
      for (const part of fieldParts) {
        // An empty fallback (`{{nome|}}`) is the owner's choice of nothing; no `|` at all is not.
        if (part.fallback !== null || filled[keys.indexOf(part.key)] || named.has(part.key)) continue;
        named.set(part.key, { kind: 'field_nobody_has', field: `{{${part.name}}}`, key: part.key });
      }
      return [...named.values()];
    },
  };
}

/** First word of a name (`primeiro_nome`). */
export function firstNameOf(name: string): string {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  return space < 0 ? trimmed : trimmed.slice(0, space);
}

/**
 * The business's name in front of a message (the sending rules' prefix,
 * `Loja Maria:`), where the final text is made: the core's preview, cost
 * and send and the composer's live count all finish a message here, so
 * they agree to the character. A message already starting with the name is
 * left as it is; a blank message stays blank (it is refused as empty, not
 * sent as the name alone).
 */
export function withPrefix(prefix: string, message: string): string {
  const name = prefix.trim();
  if (name === '' || message.trim() === '' || message.startsWith(name)) return message;
  return `${name} ${message}`;
}
