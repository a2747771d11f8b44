/**
 * A segment's condition as people type it on the command line:
 * `cidade = Recife`, `email not-empty`, `lista = "Clientes VIP"`,
 * `ultima_compra before 01/06/2026`, `ultima_compra in-last 90d`,
 * `total_gasto > 500`, `ultima_compra month = 3`, `campanha recebeu "Promo"`.
 * FIELD OPERATOR [VALUE]: the field by the name the composer shows (a
 * built-in's, in Portuguese or English, or a column's own), the operator as
 * a symbol or a word (English or Portuguese), the value quoted when it has
 * spaces. Dates are read by the date-cell reader (dd/mm/aaaa, aaaa-mm-dd...).
 * A list's or a campaign's name is kept as typed: the core finds it.
 */
import { readDateCell } from '../dates/read-date-cell';
import { readNumberCell } from '../numbers/read-number-cell';
import { foldHeader } from '../field-key';
import {
  OPS_BY_KIND,
  valueFits,
  valueKindOf,
  type FieldKind,
  type SegmentCondition,
  type SegmentOp,
  type ValueKind,
} from './segment-model';

/** A field a condition may name: the name typed, what it is. */
export interface NamedField {
  field: string;
  kind: FieldKind;
}

export type ConditionProblem =
  /** Not FIELD OPERATOR [VALUE]. */
  | 'syntax'
  /** A quote in an unquoted value (`d'Oeste`), or one never closed (params.text, quote). */
  | 'quote'
  /** No field of that name (params.field). */
  | 'unknown_field'
  /** The operator does not fit the field's kind (params.field, op, kind). */
  | 'operator'
  /** The value is not what the operator takes (params.field, op, value, expected). */
  | 'value';

export type ConditionReading =
  | { ok: true; condition: SegmentCondition }
  | { ok: false; problem: ConditionProblem; params: Record<string, string> };

const WORDS: Readonly<Record<string, SegmentOp>> = {
  is: 'eq',
  e: 'eq',
  'is-not': 'ne',
  'nao-e': 'ne',
  contains: 'contains',
  contem: 'contains',
  empty: 'empty',
  vazio: 'empty',
  'not-empty': 'not-empty',
  preenchido: 'not-empty',
  'nao-vazio': 'not-empty',
  before: 'before',
  antes: 'before',
  'antes-de': 'before',
  after: 'after',
  depois: 'after',
  'depois-de': 'after',
  between: 'between',
  entre: 'between',
  'in-last': 'in-last',
  'nos-ultimos': 'in-last',
  month: 'month',
  mes: 'month',
  sent: 'sent',
  recebeu: 'sent',
  'not-sent': 'not-sent',
  'nao-recebeu': 'not-sent',
  delivered: 'delivered',
  entregue: 'delivered',
  'not-delivered': 'not-delivered',
  'nao-entregue': 'not-delivered',
  clicked: 'clicked',
  clicou: 'clicked',
  'not-clicked': 'not-clicked',
  'nao-clicou': 'not-clicked',
};

const DATE_KINDS: readonly FieldKind[] = ['date', 'added', 'last-sent'];

/** A symbol's operator for a field's kind: `>` is after for a date, greater for a number. */
function symbolOp(symbol: string, kind: FieldKind): SegmentOp | undefined {
  const date = DATE_KINDS.includes(kind);
  switch (symbol) {
    case '=':
    case '==':
      return 'eq';
    case '!=':
    case '<>':
      return 'ne';
    case '>':
      return date ? 'after' : 'gt';
    case '<':
      return date ? 'before' : 'lt';
    case '>=':
      return date ? undefined : 'gte';
    case '<=':
      return date ? undefined : 'lte';
  }
  return undefined;
}

/** Double quotes as typed, straight or curly (“Santa Bárbara d'Oeste”); single quotes around a value without them. */
const TOKENS =
  /"([^"]*)"|\u201c([^\u201d]*)\u201d|'([^']*)'|(>=|<=|!=|<>|==|=|>|<)|([^\s"'\u201c\u201d=<>!]+)/gy;

type Token = { text: string; quoted: boolean; symbol: boolean };

/** The condition's tokens, or the quote that stopped them (null: something else). */
function tokens(text: string): Token[] | { quote: string } | null {
  const out: Token[] = [];
  const source = text.trim();
  let at = 0;
  while (at < source.length) {
    while (/\s/.test(source[at] ?? '')) at++;
    if (at >= source.length) break;
    TOKENS.lastIndex = at;
    const m = TOKENS.exec(source);
    if (!m) {
      const quote = /["'\u201c\u201d]/.exec(source.slice(at))?.[0];
      return quote ? { quote } : null;
    }
    at = TOKENS.lastIndex;
    const quoted = m[1] ?? m[2] ?? m[3];
    if (quoted !== undefined) out.push({ text: quoted, quoted: true, symbol: false });
    else if (m[4] !== undefined) out.push({ text: m[4], quoted: false, symbol: true });
    else out.push({ text: m[5]!, quoted: false, symbol: false });
  }
  return out;
}

/** A word an operator may be made of (`not`, `nos`, `últimos`): letters and hyphens only. */
const isWord = (t: Token | undefined) => !!t && !t.quoted && !t.symbol && /^[\p{L}-]+$/u.test(t.text);

const fold = (text: string) => foldHeader(text).replace(/ /g, '-');

/** Reads `text` as a condition on one of `fields` (by the folded name typed). */
export function readCondition(
  text: string,
  fields: ReadonlyMap<string, NamedField>,
  now: Date = new Date(),
): ConditionReading {
  const parts = tokens(text);
  if (parts && 'quote' in parts) return problem('quote', { text, quote: parts.quote });
  if (!parts || parts.length < 2) return problem('syntax', { text });
  const [first, ...rest] = parts;
  const fieldName = first!.text;
  const named = fields.get(fieldName.toLowerCase()) ?? fields.get(foldHeader(fieldName).replace(/ /g, '_'));
  if (!named) return problem('unknown_field', { field: fieldName });

  // The operator: a word (one or two: "not empty", "nos últimos"), or a symbol; "month =" is month.
  let op: SegmentOp | undefined;
  let used = 1;
  const word = (n: number) => rest.length >= n && rest.slice(0, n).every(isWord);
  if (rest[0]!.symbol) op = symbolOp(rest[0]!.text, named.kind);
  else if (word(2) && WORDS[fold(`${rest[0]!.text} ${rest[1]!.text}`)]) {
    op = WORDS[fold(`${rest[0]!.text} ${rest[1]!.text}`)];
    used = 2;
  } else if (word(1)) op = WORDS[fold(rest[0]!.text)];
  const opText = rest
    .slice(0, used)
    .map((t) => t.text)
    .join(' ');
  if (op === undefined) return problem('operator', { field: fieldName, op: opText, kind: named.kind });
  if (op === 'month' && rest[used]?.symbol && rest[used]!.text === '=') used++;
  if (!OPS_BY_KIND[named.kind].includes(op)) {
    return problem('operator', { field: fieldName, op: opText, kind: named.kind });
  }

  const valueKind = valueKindOf(named.kind, op);
  const values = rest.slice(used).map((t) => t.text);
  const bad = (expected: string) =>
    problem('value', { field: fieldName, op: opText, value: values.join(' '), expected });
  if (valueKind === 'none') {
    return values.length === 0 ? ok(named.field, op) : bad('nothing after the operator');
  }
  if (valueKind === 'date-range') {
    // between A and B (or "e", or just A B)
    const dates = values.filter((v) => !['and', 'e'].includes(v.toLowerCase()));
    const [from, to] = dates.map((v) => isoOf(v, now));
    if (dates.length !== 2 || !from || !to || from > to) return bad('two dates, the earlier first');
    return ok(named.field, op, from, to);
  }
  if (values.length === 0) return bad(EXPECTED[valueKind]);
  // `nome contains %`: no letter or digit to look for, which would take everyone.
  if (op === 'contains' && named.kind === 'text' && foldHeader(values.join(' ')) === '')
    return bad('a text with letters or digits');
  const value = normalised(valueKind, values.join(' '), now);
  return value !== null && valueFits(valueKind, value)
    ? ok(named.field, op, value)
    : bad(EXPECTED[valueKind]);
}

const EXPECTED: Readonly<Record<ValueKind, string>> = {
  none: 'nothing',
  text: 'a text',
  number: 'a number',
  date: 'a date (dd/mm/aaaa or aaaa-mm-dd)',
  'date-range': 'two dates',
  days: 'a number of days (90 or 90d)',
  month: 'a month (1 to 12)',
  ddd: 'a DDD in use (11, 81...)',
  state: 'a state (SP, PE...)',
  list: 'a list name',
  flag: 'sim or não (yes or no)',
  campaign: 'a campaign name',
};

const MONTHS = [
  ['janeiro', 'january', 'jan'],
  ['fevereiro', 'february', 'fev', 'feb'],
  ['marco', 'march', 'mar'],
  ['abril', 'april', 'abr', 'apr'],
  ['maio', 'may', 'mai'],
  ['junho', 'june', 'jun'],
  ['julho', 'july', 'jul'],
  ['agosto', 'august', 'ago', 'aug'],
  ['setembro', 'september', 'set', 'sep'],
  ['outubro', 'october', 'out', 'oct'],
  ['novembro', 'november', 'nov'],
  ['dezembro', 'december', 'dez', 'dec'],
];

/** A typed value in its stored form, or null when it cannot be one. */
function normalised(kind: ValueKind, typed: string, now: Date): string | null {
  const text = typed.trim();
  switch (kind) {
    case 'number': {
      const reading = readNumberCell(text);
      return reading.ok ? String(reading.value) : null;
    }
    case 'date':
      return isoOf(text, now);
    case 'days': {
      const m = /^(\d+)\s*(d|dias?|days?)?$/i.exec(text);
      return m ? String(Number(m[1])) : null;
    }
    case 'month': {
      if (/^\d{1,2}$/.test(text)) return String(Number(text));
      const at = MONTHS.findIndex((names) => names.includes(foldHeader(text)));
      return at < 0 ? null : String(at + 1);
    }
    case 'state':
      return text.toUpperCase();
    case 'flag': {
      const folded = foldHeader(text);
      if (['sim', 'yes', 'true', 's', 'y'].includes(folded)) return 'yes';
      if (['nao', 'no', 'false', 'n'].includes(folded)) return 'no';
      return null;
    }
    default:
      return text;
  }
}

/** A date with its year, as aaaa-mm-dd. */
function isoOf(text: string, now: Date): string | null {
  const reading = readDateCell(text, { now });
  if (!reading.ok || reading.date.year === null) return null;
  const { year, month, day } = reading.date;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const ok = (field: string, op: SegmentOp, value?: string, to?: string): ConditionReading => ({
  ok: true,
  condition: { field, op, ...(value !== undefined ? { value } : {}), ...(to !== undefined ? { to } : {}) },
});

const problem = (kind: ConditionProblem, params: Record<string, string>): ConditionReading => ({
  ok: false,
  problem: kind,
  params,
});

const SYMBOLS: Partial<Record<SegmentOp, string>> = {
  eq: '=',
  ne: '!=',
  gt: '>',
  lt: '<',
  gte: '>=',
  lte: '<=',
};

/** A value as it is typed: quoted when it has spaces or quotes (or is nothing). */
const typed = (value: string) => (/^[^\s"']+$/.test(value) ? value : `"${value.replace(/"/g, "'")}"`);

/**
 * A condition written as it would be typed again (readCondition reads it
 * back): `name` is the field's name in the text, `label` a list's or a
 * campaign's name (their values are ids).
 */
export function writeCondition(c: SegmentCondition, name: string, label?: string | null): string {
  const value = label ?? c.value ?? '';
  switch (c.op) {
    case 'empty':
    case 'not-empty':
      return `${name} ${c.op}`;
    case 'between':
      return `${name} between ${c.value} and ${c.to}`;
    case 'in-last':
      return `${name} in-last ${c.value}d`;
    case 'month':
      return `${name} month = ${c.value}`;
  }
  return `${name} ${SYMBOLS[c.op] ?? c.op} ${typed(value)}`;
}
