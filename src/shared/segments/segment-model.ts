/**
 * What a segment is made of: conditions on a contact's fields, combined
 * with "all" or "any". The window's builder, the CLI's `--where` text and
 * the core's SQL all read this one model: which fields there are, what kind
 * each is, which operators fit a kind, and what value an operator takes.
 *
 * A condition names its field by a key: a built-in field by `@` and its id
 * (`@ddd`, `@list`), a contact's own column by the column's merge-field key
 * (`cidade`), which never starts with `@`. Values are stored in one form
 * whatever the language they were typed in: a date as aaaa-mm-dd, a number
 * with a point, a list or a campaign by its id.
 */
import { DDDS, STATE_CODES } from './ddd-states';
import type { FieldType } from '../field-types';

export const SEGMENT_OPS = [
  'eq',
  'ne',
  'contains',
  'empty',
  'not-empty',
  'gt',
  'lt',
  'gte',
  'lte',
  'before',
  'after',
  'between',
  'in-last',
  'month',
  'sent',
  'not-sent',
  'delivered',
  'not-delivered',
  'clicked',
  'not-clicked',
] as const;
export type SegmentOp = (typeof SEGMENT_OPS)[number];

export type SegmentMatch = 'all' | 'any';

export interface SegmentCondition {
  /** `@name`, `@ddd`... for a built-in field; a column's key (`cidade`) for the contact's own. */
  field: string;
  op: SegmentOp;
  /** The value, in its stored form (see valueKindOf); absent for empty / not-empty. */
  value?: string;
  /** `between`'s second date (aaaa-mm-dd). */
  to?: string;
}

export interface SegmentDefinition {
  match: SegmentMatch;
  conditions: SegmentCondition[];
}

/** How a field is compared: the kinds of the contact's own columns, and the built-ins' own. */
export type FieldKind =
  FieldType | 'phone' | 'ddd' | 'state' | 'list' | 'flag' | 'added' | 'last-sent' | 'campaign';

export const OPS_BY_KIND: Readonly<Record<FieldKind, readonly SegmentOp[]>> = {
  text: ['eq', 'ne', 'contains', 'empty', 'not-empty'],
  number: ['eq', 'ne', 'gt', 'lt', 'gte', 'lte', 'empty', 'not-empty'],
  date: ['eq', 'before', 'after', 'between', 'in-last', 'month', 'empty', 'not-empty'],
  phone: ['eq', 'contains'],
  ddd: ['eq', 'ne'],
  state: ['eq', 'ne'],
  list: ['eq', 'ne'],
  flag: ['eq'],
  added: ['eq', 'before', 'after', 'between', 'in-last', 'month'],
  // Empty: never sent anything.
  'last-sent': ['before', 'after', 'between', 'in-last', 'empty', 'not-empty'],
  campaign: ['sent', 'not-sent', 'delivered', 'not-delivered', 'clicked', 'not-clicked'],
};

export const BUILTIN_FIELDS = [
  '@name',
  '@phone',
  '@email',
  '@ddd',
  '@state',
  '@list',
  '@added',
  '@optedOut',
  '@consent',
  '@lastSent',
  '@campaign',
] as const;
export type BuiltinField = (typeof BUILTIN_FIELDS)[number];

export const BUILTIN_KINDS: Readonly<Record<BuiltinField, FieldKind>> = {
  '@name': 'text',
  '@phone': 'phone',
  '@email': 'text',
  '@ddd': 'ddd',
  '@state': 'state',
  '@list': 'list',
  '@added': 'added',
  '@optedOut': 'flag',
  // LGPD: the contact's consent is on record (the legal basis `consent`; legitimate interest is not consent).
  '@consent': 'flag',
  '@lastSent': 'last-sent',
  '@campaign': 'campaign',
};

/**
 * The names a condition's text calls the built-ins by, in each language:
 * the merge-field names the composer shows (`nome`, `telefone`, `email`)
 * and the segment's own (`ddd`, `uf`, `lista`...). Either language is read.
 */
export const BUILTIN_NAMES: Readonly<Record<'pt-BR' | 'en', Record<BuiltinField, string>>> = {
  'pt-BR': {
    '@name': 'nome',
    '@phone': 'telefone',
    '@email': 'email',
    '@ddd': 'ddd',
    '@state': 'uf',
    '@list': 'lista',
    '@added': 'cadastro',
    '@optedOut': 'descadastrado',
    '@consent': 'consentimento',
    '@lastSent': 'ultimo_envio',
    '@campaign': 'campanha',
  },
  en: {
    '@name': 'name',
    '@phone': 'phone',
    '@email': 'email',
    '@ddd': 'ddd',
    '@state': 'state',
    '@list': 'list',
    '@added': 'added',
    '@optedOut': 'opted_out',
    '@consent': 'consent',
    '@lastSent': 'last_sent',
    '@campaign': 'campaign',
  },
};

export const isBuiltin = (field: string): field is BuiltinField =>
  (BUILTIN_FIELDS as readonly string[]).includes(field);

/** What an operator's value is, for a field of a kind. */
export type ValueKind =
  | 'none'
  | 'text'
  | 'number'
  | 'date'
  | 'date-range'
  | 'days'
  | 'month'
  | 'ddd'
  | 'state'
  | 'list'
  | 'flag'
  | 'campaign';

const DATE_KINDS: readonly FieldKind[] = ['date', 'added', 'last-sent'];

export function valueKindOf(kind: FieldKind, op: SegmentOp): ValueKind {
  if (op === 'empty' || op === 'not-empty') return 'none';
  if (DATE_KINDS.includes(kind)) {
    if (op === 'between') return 'date-range';
    if (op === 'in-last') return 'days';
    if (op === 'month') return 'month';
    return 'date';
  }
  switch (kind) {
    case 'number':
      return 'number';
    case 'ddd':
    case 'state':
    case 'list':
    case 'flag':
    case 'campaign':
      return kind;
    default:
      return 'text';
  }
}

/** The longest time "in the last N days" looks back: a hundred years. */
export const MAX_DAYS = 36_500;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An aaaa-mm-dd that is a real day. */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** Whether a stored value fits what its operator takes (lists and campaigns are checked by the core). */
export function valueFits(kind: ValueKind, value: string | undefined, to?: string): boolean {
  if (kind === 'none') return value === undefined || value === '';
  if (value === undefined || value === '') return false;
  switch (kind) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value));
    case 'date':
      return isIsoDay(value);
    case 'date-range':
      return isIsoDay(value) && to !== undefined && isIsoDay(to) && value <= to;
    case 'days':
      return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_DAYS;
    case 'month':
      return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12;
    case 'ddd':
      return DDDS.includes(Number(value)) && /^\d{2}$/.test(value);
    case 'state':
      return STATE_CODES.includes(value);
    case 'flag':
      return value === 'yes' || value === 'no';
    default:
      return value.length <= 200;
  }
}

/** Conditions a segment holds at most (each is an index read; a hundred would be a slow count). */
export const MAX_CONDITIONS = 20;
