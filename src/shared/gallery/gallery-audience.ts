/**
 * Whom a gallery message suggests it goes to: a segment in the segment
 * model (segment-model.ts), on the built-in fields and on the few columns a
 * shop's spreadsheet commonly has, or the birthday automation's people.
 *
 * "Has not bought in 60 days" moves with the calendar, and a saved segment
 * holds dates (aaaa-mm-dd), not "60 days ago"; so a gallery condition may
 * name a day relative to today (`{ daysAgo: 60 }`), made a date when the
 * message is used (`resolveAudience`). The segment saved then is the
 * owner's to edit like any other.
 *
 * Columns assumed (ASSUMED_COLUMNS): `ultima_compra` (the last purchase or
 * visit, a date) and `proximo_horario` (the next appointment, a date), both
 * as the import names a sheet's "Última compra" and "Próximo horário". A
 * shop whose contacts lack the column (or hold it as text) cannot have the
 * segment: the message can still be used, and the draft says which column
 * is missing instead of an audience (core/gallery).
 */
import type { AppLanguage } from '../app-language';
import type { FieldType } from '../field-types';
import type { SegmentCondition, SegmentDefinition, SegmentMatch, SegmentOp } from '../segments/segment-model';
import { dayBefore } from '../rules/schedule';

/** A day counted back from today (negative: ahead; -1 is tomorrow). */
export interface RelativeDay {
  daysAgo: number;
}

export interface GalleryCondition {
  field: string;
  op: SegmentOp;
  value?: string | RelativeDay;
  to?: string | RelativeDay;
}

export type GalleryAudience =
  | {
      kind: 'segment';
      /** Stable: the same audience is shared by messages of several businesses. */
      key: AudienceKey;
      match: SegmentMatch;
      conditions: readonly GalleryCondition[];
    }
  /** Each contact on their birthday: the birthday automation's people (Automações), never a segment. */
  | { kind: 'birthday'; key: 'aniversariantes' };

/** The columns a gallery segment may name besides the built-ins, and the type each must have. */
export const ASSUMED_COLUMNS: Readonly<Record<string, FieldType>> = {
  ultima_compra: 'date',
  proximo_horario: 'date',
};

export const AUDIENCE_KEYS = [
  'novos',
  'todos',
  'compraram-7d',
  'sumidos-60d',
  'inativos-180d',
  'horario-amanha',
  'aniversariantes',
] as const;
export type AudienceKey = (typeof AUDIENCE_KEYS)[number];

const segment = (key: AudienceKey, ...conditions: GalleryCondition[]): GalleryAudience => ({
  kind: 'segment',
  key,
  match: 'all',
  conditions,
});

/** The audiences the gallery's messages suggest, each once. */
export const AUDIENCES: Readonly<Record<AudienceKey, GalleryAudience>> = {
  // Welcome: who joined the contact book this week.
  novos: segment('novos', { field: '@added', op: 'in-last', value: '7' }),
  // Everyone who may receive (an opted-out number never does, whatever the segment says).
  todos: segment('todos', { field: '@optedOut', op: 'eq', value: 'no' }),
  'compraram-7d': segment('compraram-7d', { field: 'ultima_compra', op: 'in-last', value: '7' }),
  // Missed: last purchase 60 to 180 days ago; longer than that is a win-back.
  'sumidos-60d': segment('sumidos-60d', {
    field: 'ultima_compra',
    op: 'between',
    value: { daysAgo: 180 },
    to: { daysAgo: 60 },
  }),
  'inativos-180d': segment('inativos-180d', {
    field: 'ultima_compra',
    op: 'before',
    value: { daysAgo: 180 },
  }),
  'horario-amanha': segment('horario-amanha', {
    field: 'proximo_horario',
    op: 'eq',
    value: { daysAgo: -1 },
  }),
  aniversariantes: { kind: 'birthday', key: 'aniversariantes' },
};

/** The audience's name: a saved segment's name (at most 60 characters), and the gallery's label. */
export const AUDIENCE_NAMES: Readonly<Record<AppLanguage, Record<AudienceKey, string>>> = {
  'pt-BR': {
    novos: 'Cadastrados nos últimos 7 dias',
    todos: 'Todos os clientes',
    'compraram-7d': 'Compraram nos últimos 7 dias',
    'sumidos-60d': 'Sem comprar há 60 a 180 dias',
    'inativos-180d': 'Sem comprar há mais de 180 dias',
    'horario-amanha': 'Com horário marcado amanhã',
    aniversariantes: 'Aniversariantes do dia (automação de aniversário)',
  },
  en: {
    novos: 'Added in the last 7 days',
    todos: 'All customers',
    'compraram-7d': 'Bought in the last 7 days',
    'sumidos-60d': 'No purchase for 60 to 180 days',
    'inativos-180d': 'No purchase for over 180 days',
    'horario-amanha': 'Appointment tomorrow',
    aniversariantes: 'Birthdays of the day (birthday automation)',
  },
};

/** `YYYY-MM-DD` that many days before `today`: the rules' calendar's own arithmetic. */
export { dayBefore };

const resolved = (value: string | RelativeDay | undefined, today: string): string | undefined =>
  value === undefined || typeof value === 'string' ? value : dayBefore(today, value.daysAgo);

/** The segment a gallery audience is on `today` (`YYYY-MM-DD`, the shop's date); null for birthdays. */
export function resolveAudience(audience: GalleryAudience, today: string): SegmentDefinition | null {
  if (audience.kind === 'birthday') return null;
  return {
    match: audience.match,
    conditions: audience.conditions.map((c): SegmentCondition => {
      const value = resolved(c.value, today);
      const to = resolved(c.to, today);
      return {
        field: c.field,
        op: c.op,
        ...(value !== undefined ? { value } : {}),
        ...(to !== undefined ? { to } : {}),
      };
    }),
  };
}

/** The contact columns (not built-ins) an audience needs. */
export const columnsOf = (audience: GalleryAudience): string[] =>
  audience.kind === 'birthday'
    ? []
    : [...new Set(audience.conditions.map((c) => c.field).filter((f) => !f.startsWith('@')))];
