/**
 * Who a campaign reaches, in SQL over the contacts tables (migrations
 * 0005–0007): the contacts of the chosen lists, of the chosen segments (as
 * the segments domain compiles them, now) and the contacts chosen by hand,
 * of the profile, not deleted (a deleted contact waits hidden for its
 * undo), minus opted-out numbers and fixed lines (no SMS reaches a landline:
 * migration 0021 marks them), minus those the sending rules leave out (a
 * block list, the frequency cap: the rules domain's own conditions).
 *
 * Deduplicated by phone: a number is unique among a profile's contacts
 * (UNIQUE (profile, phone)), so one contact reached through two lists, a
 * list and a segment, or a list and by hand, is one recipient.
 *
 * Order: by name (the folded `sort_key`, nameless last) then phone, which
 * is unique, so the preview's index and the outbox's batches are the same
 * on every run.
 */
import type { CampaignAudience } from '../../../shared/dto/campaigns';
import {
  blockedSql,
  blockingListSql,
  cappedSql,
  optedOutSql,
  type CapParams,
} from '../../rules/rules-module';
import type { CompiledSegment } from '../../segments/segments-module';

/** Named parameters of every audience query (a segment adds its own). */
export interface AudienceParams extends CapParams {
  profile: string;
  /** JSON arrays of ids (json_each reads them: one statement whatever the count). */
  lists: string;
  contacts: string;
  [segmentParam: string]: unknown;
}

/**
 * An audience ready to query: its parameters, and the SQL of its segments
 * (compiled when asked: "in the last 90 days" counts from today; null
 * without segments). Every statement below is made from it.
 */
export interface AudienceQuery {
  params: AudienceParams;
  segment: string | null;
}

/** A list, segment or contact given twice is one selection, not a duplicate. `cap`: the frequency cap now. */
export function audienceQuery(
  profile: string,
  audience: CampaignAudience,
  segment: CompiledSegment | null,
  cap: CapParams,
): AudienceQuery {
  return {
    params: {
      ...(segment?.params ?? {}),
      profile,
      lists: JSON.stringify([...new Set(audience.listIds)]),
      contacts: JSON.stringify([...new Set(audience.contactIds)]),
      capMessages: cap.capMessages,
      capSince: cap.capSince,
    },
    segment: segment?.sql ?? null,
  };
}

const CHOSEN_LISTS = '(SELECT value FROM json_each(:lists))';
const CHOSEN_CONTACTS = '(SELECT value FROM json_each(:contacts))';

/**
 * How many times a contact is selected: once per chosen list it is in, once
 * more if in a chosen segment, once more if chosen by hand (the audience's
 * "duplicates" are the extra times). A list belongs to one profile and holds
 * that profile's contacts only, so `c.profile` is the one profile check needed.
 */
export const timesSelected = (q: AudienceQuery) => `(SELECT count(*) FROM contact_lists cl
    WHERE cl.contact_id = c.id AND cl.list_id IN ${CHOSEN_LISTS}) + (c.id IN ${CHOSEN_CONTACTS})${
      q.segment ? ` + (c.seq IN (${q.segment}))` : ''
    }`;

export const OPTED_OUT = optedOutSql('c.phone');
/** On a block list. */
export const BLOCKED = blockedSql('c.phone');
/** The first list that has the number, or NULL (the composer counts per list). */
export const BLOCKING_LIST = blockingListSql('c.phone');
/** Over the frequency cap (never while it is off: `:capMessages` 0). */
export const CAPPED = cappedSql('c.phone');

/** The contacts table, as every audience query reads it (see selectedWhere for how). */
export const CONTACTS_SCAN = 'contacts c';

/**
 * The live contacts selected, each once. The selected ids are looked up in
 * the id index, and a segment's seqs by rowid (SQLite's MULTI-INDEX OR over
 * the IN lists, rows taken once each), so the work follows the audience,
 * not the contact book: a 100,000-contact list costs ~100 ms in a book of
 * 100,000 or of 1,000,000, where scanning the table took ~200 ms at a
 * million. The `+` keeps SQLite off the name index, which would walk the
 * whole profile in name order with a random page read per contact (six
 * times slower).
 */
export const selectedWhere = (q: AudienceQuery) => `+c.profile = :profile AND c.deleted_at IS NULL
  AND (c.id IN (SELECT contact_id FROM contact_lists WHERE list_id IN ${CHOSEN_LISTS})
       OR c.id IN ${CHOSEN_CONTACTS}${q.segment ? `\n       OR c.seq IN (${q.segment})` : ''})`;

/** A fixed line: no SMS reaches it (counted apart from the opt-outs: an opted-out one is an opt-out). */
export const LANDLINE = `(c.landline = 1 AND NOT ${OPTED_OUT})`;

/**
 * The recipients: the selected contacts whose number did not opt out, can
 * receive an SMS, and that no sending rule leaves out.
 */
export const recipientWhere = (q: AudienceQuery) =>
  `${selectedWhere(q)} AND NOT ${OPTED_OUT} AND c.landline = 0 AND NOT ${BLOCKED} AND NOT ${CAPPED}`;

export const RECIPIENT_ORDER = 'c.sort_key, c.phone';

/**
 * The recipients, with the given extra columns after `id, phone, name, email,
 * time_zone` (raw rows: arrays in that order). The e-mail is read only when `email` says
 * the messages use it (NULL in its place otherwise): a column fewer to sort
 * and to hand to JS is about a fifth of the read at 100,000 recipients.
 * `ordered: false` leaves out the sort, for walks whose result does not
 * depend on the order (the estimate's sums): a third less time at 100,000.
 */
export function recipientsSql(
  q: AudienceQuery,
  extraColumns: readonly string[] = [],
  email = true,
  ordered = true,
): string {
  const columns = [
    'c.id',
    'c.phone',
    'c.name',
    email ? 'c.email' : 'NULL',
    'c.time_zone',
    ...extraColumns,
  ].join(', ');
  const select = `SELECT ${columns} FROM ${CONTACTS_SCAN} WHERE ${recipientWhere(q)}`;
  return ordered ? `${select}\n    ORDER BY ${RECIPIENT_ORDER}` : select;
}

/** Column indexes of a recipient row from `recipientsSql`. */
export const COL = { id: 0, phone: 1, name: 2, email: 3, zone: 4, firstExtra: 5 } as const;

/**
 * A custom field's value straight from the JSON column (no JSON.parse per
 * contact in JS). Keys are the import's slugs (`[a-z0-9_]`); anything else
 * could not be written into a JSON path safely and is treated as absent.
 */
export function fieldColumn(key: string): string | null {
  return /^[a-z0-9_]{1,64}$/.test(key) ? `json_extract(c.fields, '$."${key}"')` : null;
}
