/**
 * Each condition of a segment as a set of contacts in SQL: a SELECT of
 * their `seq` (the contacts' rowid), of the profile's live contacts only,
 * answered from an index wherever one holds the field:
 *
 * - a contact's own column: contact_values (migration 0026), whose rows are
 *   live contacts' only and whose field ids are the profile's;
 * - name: the name index (profile, sort_key) of live contacts (0005);
 * - e-mail and date added: their indexes of live contacts (0026);
 * - phone, DDD and state: ranges of the (profile, phone) index, less the
 *   hidden (deleted) contacts, a handful at most;
 * - lists, opt-outs: their tables, joined to live contacts;
 * - consent on record: the contact's legal basis, read from the profile's live contacts;
 * - the messages a contact got: the campaigns' outbox and what the service
 *   said of it (history), by phone: a read model of other domains' tables
 *   (core/db/tables.ts lists it).
 *
 * A condition that takes "everyone but" (is not, empty, not in a list,
 * never sent) is its positive set, negated: segment-sql.ts subtracts it
 * (EXCEPT) rather than scanning every contact to test each.
 *
 * Every value is bound as a parameter; no SQL function of the app's is
 * used, so a read-only connection (the campaign freezer's) runs it as is.
 */
import { fromZonedTime } from 'date-fns-tz/fromZonedTime';
import { APP_TIME_ZONE } from '../../../shared/display-format';
import { dddsOf } from '../../../shared/segments/ddd-states';
import {
  BUILTIN_KINDS,
  isBuiltin,
  OPS_BY_KIND,
  type FieldKind,
  type SegmentCondition,
} from '../../../shared/segments/segment-model';
import type { FieldType } from '../../../shared/field-types';
import { foldText, sortKeyOf } from '../../../shared/sort-key';
import { normalizePhone } from '../../contacts/contacts-module';

/** A set of seqs, or (negated) everyone else. */
export interface ConditionSet {
  sql: string;
  negated: boolean;
}

/** What compiling a segment needs to know and collects. */
export interface SetContext {
  /** The profile's own columns' types, by key. */
  fields: ReadonlyMap<string, FieldType>;
  /** Today in Brasília, as days since 1970-01-01 ("in the last 90 days"). */
  today: number;
  /** Binds a value; returns its parameter's name (`:s3`). */
  bind(value: unknown): string;
}

/** The profile's live contacts (the name index of live contacts holds profile and seq). */
export const LIVE = 'SELECT seq FROM contacts WHERE profile = :profile AND deleted_at IS NULL';
/** Hidden contacts, waiting for their undo (few): what a range of the phone index must leave out. */
const HIDDEN = 'SELECT seq FROM contacts WHERE deleted_at IS NOT NULL';
/** No contact (a field gone since the segment was saved). */
export const NOBODY = 'SELECT seq FROM contacts WHERE 0';

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an aaaa-mm-dd. */
const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
const isoOfDay = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
/** The instant a Brasília day starts, as the contacts' ISO times are written. */
const startOf = (day: number) => fromZonedTime(`${isoOfDay(day)}T00:00:00`, APP_TIME_ZONE).toISOString();

const set = (sql: string, negated = false): ConditionSet => ({ sql, negated });
const withoutHidden = (sql: string) => `SELECT seq FROM (${sql} EXCEPT ${HIDDEN})`;

/** [from, to) in days for a date condition (eq, before, after, between, in-last); null: month or empty. */
function dayRange(c: SegmentCondition, today: number): [number | null, number | null] | null {
  switch (c.op) {
    case 'eq':
      return [dayOf(c.value!), dayOf(c.value!) + 1];
    case 'before':
      return [null, dayOf(c.value!)];
    case 'after':
      return [dayOf(c.value!) + 1, null];
    case 'between':
      return [dayOf(c.value!), dayOf(c.to!) + 1];
    case 'in-last':
      return [today - Number(c.value), today + 1];
  }
  return null;
}

/** `expr` within [from, to) (either end open), with `wrap` turning a day number into what `expr` holds. */
function within(
  expr: string,
  range: [number | null, number | null],
  ctx: SetContext,
  wrap = (d: number): unknown => d,
) {
  const [from, to] = range;
  const parts = [
    ...(from === null ? [] : [`${expr} >= ${ctx.bind(wrap(from))}`]),
    ...(to === null ? [] : [`${expr} < ${ctx.bind(wrap(to))}`]),
  ];
  return parts.length ? parts.join(' AND ') : `${expr} IS NOT NULL`;
}

function customSet(c: SegmentCondition, ctx: SetContext): ConditionSet {
  const type = ctx.fields.get(c.field);
  // A column gone, or retyped since the segment was saved so that its operator no longer fits: nobody.
  if (!type || !OPS_BY_KIND[type].includes(c.op)) return set(NOBODY);
  const field = { type };
  // The field's id, looked up once by the query (a constant subquery: the index is still used).
  const id = `(SELECT id FROM contact_fields WHERE profile = :profile AND key = ${ctx.bind(c.field)})`;
  const any = `SELECT seq FROM contact_values WHERE field_id = ${id}`;
  const of = (where: string) => `${any} AND ${where}`;
  if (c.op === 'empty') return set(any, true);
  if (c.op === 'not-empty') return set(any);
  if (field.type === 'text') {
    const text = foldText(c.value!).replace(/\s+/g, ' ').trim();
    if (c.op === 'contains') return set(of(`instr(text_key, ${ctx.bind(text)}) > 0`));
    return set(of(`text_key = ${ctx.bind(text)}`), c.op === 'ne');
  }
  if (field.type === 'number') {
    const value = ctx.bind(Number(c.value));
    const compare = { eq: '=', ne: '=', gt: '>', lt: '<', gte: '>=', lte: '<=' }[c.op as 'eq'];
    return set(of(`number_value IS NOT NULL AND number_value ${compare} ${value}`), c.op === 'ne');
  }
  if (c.op === 'month') {
    const month = Number(c.value) * 100;
    return set(
      of(`month_day IS NOT NULL AND month_day BETWEEN ${ctx.bind(month + 1)} AND ${ctx.bind(month + 31)}`),
    );
  }
  return set(of(`day IS NOT NULL AND ${within('day', dayRange(c, ctx.today)!, ctx)}`));
}

/** The accepted messages of the profile's campaigns, by phone (what "sent to them" means). */
const ACCEPTED = `FROM campaigns k
  JOIN campaign_batches b ON b.campaign_id = k.id AND b.state = 'accepted'
  JOIN campaign_messages m ON m.campaign_id = b.campaign_id AND m.batch = b.batch
  WHERE k.profile = :profile`;

/** Live contacts whose number is in `phones` (a SELECT of phones). */
const byPhone = (phones: string) =>
  `SELECT c.seq FROM contacts c WHERE c.profile = :profile AND c.deleted_at IS NULL AND c.phone IN (${phones})`;

function campaignSet(c: SegmentCondition, ctx: SetContext): ConditionSet {
  const campaign = ctx.bind(c.value);
  const negated = c.op.startsWith('not-');
  switch (c.op) {
    case 'sent':
    case 'not-sent':
      return set(byPhone(`SELECT m.phone ${ACCEPTED} AND k.id = ${campaign}`), negated);
    case 'delivered':
    case 'not-delivered':
      return set(
        byPhone(`SELECT n.phone FROM campaign_batches b
          JOIN history_sends s ON s.profile = :profile AND s.id = b.send_id
          JOIN history_numbers n ON n.send_seq = s.seq
          WHERE b.campaign_id = ${campaign} AND n.outcome = 'delivered'`),
        negated,
      );
    default:
      return set(
        byPhone(`SELECT k.phone FROM campaign_links l
          JOIN short_link_clicks k ON k.profile = :profile AND k.link_id = l.link_id
          WHERE l.campaign_id = ${campaign} AND k.phone IS NOT NULL`),
        negated,
      );
  }
}

/** A DDD's numbers: a range of the phone index (`+5581` up to `+5581:`, the character after 9). */
const dddRange = (ddd: number, ctx: SetContext) =>
  `(phone >= ${ctx.bind(`+55${ddd}`)} AND phone < ${ctx.bind(`+55${ddd}:`)})`;

function builtinSet(c: SegmentCondition, kind: FieldKind, ctx: SetContext): ConditionSet {
  const field = c.field;
  const contacts = (where: string) => `${LIVE} AND ${where}`;
  switch (field) {
    case '@name': {
      if (c.op === 'empty' || c.op === 'not-empty')
        return set(contacts(`sort_key = ${ctx.bind(sortKeyOf(''))}`), c.op === 'not-empty');
      if (c.op === 'contains') {
        const words = foldText(c.value!).replace(/\s+/g, ' ').trim();
        return set(contacts(`instr(sort_key, ${ctx.bind(words)}) > 0`));
      }
      return set(contacts(`sort_key = ${ctx.bind(sortKeyOf(c.value!))}`), c.op === 'ne');
    }
    case '@email': {
      const emails = (where: string) => contacts(`email IS NOT NULL AND ${where}`);
      if (c.op === 'empty' || c.op === 'not-empty') return set(emails('1'), c.op === 'empty');
      const value = ctx.bind(c.value!.trim().toLowerCase());
      if (c.op === 'contains') return set(emails(`instr(lower(email), ${value}) > 0`));
      return set(emails(`lower(email) = ${value}`), c.op === 'ne');
    }
    case '@phone': {
      if (c.op === 'eq') {
        const phone = normalizePhone(c.value!, 'BR');
        return set(phone.ok ? contacts(`phone = ${ctx.bind(phone.e164)}`) : NOBODY);
      }
      const digits = c.value!.replace(/\D+/g, '');
      if (digits === '') return set(NOBODY);
      return set(
        withoutHidden(
          `SELECT seq FROM contacts WHERE profile = :profile AND instr(phone, ${ctx.bind(digits)}) > 0`,
        ),
      );
    }
    case '@ddd':
    case '@state': {
      const ddds = field === '@ddd' ? [Number(c.value)] : dddsOf(c.value!);
      if (ddds.length === 0) return set(NOBODY, c.op === 'ne');
      const ranges = ddds.map((ddd) => dddRange(ddd, ctx)).join(' OR ');
      return set(
        withoutHidden(`SELECT seq FROM contacts WHERE profile = :profile AND (${ranges})`),
        c.op === 'ne',
      );
    }
    case '@list':
      return set(
        `SELECT c.seq FROM contact_lists cl JOIN contacts c ON c.id = cl.contact_id
          WHERE cl.list_id = ${ctx.bind(c.value)} AND c.profile = :profile AND c.deleted_at IS NULL`,
        c.op === 'ne',
      );
    case '@optedOut':
      return set(
        `SELECT c.seq FROM opt_outs o JOIN contacts c ON c.profile = o.profile AND c.phone = o.phone
          WHERE o.profile = :profile AND c.deleted_at IS NULL`,
        c.value === 'no',
      );
    case '@consent':
      // Consent on record (migration 0030's legal basis): who a segment that requires it keeps.
      return set(contacts(`consent_basis = 'consent'`), c.value === 'no');
    case '@added': {
      if (c.op === 'month') {
        // Brasília has had no summer time since 2019; the month of older dates may be an hour off at its edges.
        return set(
          contacts(`CAST(strftime('%m', created_at, '-3 hours') AS INTEGER) = ${ctx.bind(Number(c.value))}`),
        );
      }
      return set(contacts(within('created_at', dayRange(c, ctx.today)!, ctx, startOf)));
    }
    case '@lastSent': {
      if (c.op === 'empty' || c.op === 'not-empty')
        return set(byPhone(`SELECT m.phone ${ACCEPTED}`), c.op === 'empty');
      const last = within('max(b.accepted_at)', dayRange(c, ctx.today)!, ctx, startOf);
      return set(byPhone(`SELECT m.phone ${ACCEPTED} GROUP BY m.phone HAVING ${last}`));
    }
    default:
      void kind;
      return campaignSet(c, ctx);
  }
}

/** The set of contacts one condition takes (or, negated, leaves). */
export function conditionSet(c: SegmentCondition, ctx: SetContext): ConditionSet {
  if (!isBuiltin(c.field)) return customSet(c, ctx);
  const kind = BUILTIN_KINDS[c.field];
  if (!OPS_BY_KIND[kind].includes(c.op)) return set(NOBODY);
  return builtinSet(c, kind, ctx);
}
