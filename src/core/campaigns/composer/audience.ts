/**
 * The audience of a draft as the composer shows it: counts (selected,
 * opted out, fixed lines, duplicates, blocked, over the cap, recipients),
 * the merge fields its contacts have, and one recipient by position or by
 * search (the preview).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { AudienceView, MergeFieldView } from '../../../shared/dto/campaigns';
import type { BlockedCount, BlockListRef } from '../../../shared/dto/rules';
import { refOfId } from '../../../shared/rules/block-list-kinds';
import { BUILTIN_KEYS } from '../../../shared/template';
import type { Database } from '../../db/open-database';
import { foldText } from '../../../shared/sort-key';
import {
  BLOCKING_LIST,
  CAPPED,
  CONTACTS_SCAN,
  LANDLINE,
  OPTED_OUT,
  RECIPIENT_ORDER,
  recipientWhere,
  selectedWhere,
  timesSelected,
  type AudienceQuery,
} from '../messages/audience-sql';

export interface RecipientRecord {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  /** The contact's custom fields (JSON object text). */
  fields: string;
}

interface Counts {
  selected: number | null;
  unique: number;
  opted: number | null;
  landlines: number | null;
  blocked: number | null;
  capped: number | null;
  /** JSON: [[list id, numbers], ...], each number under the first list that has it. */
  per_list: string | null;
}

const RECIPIENT_COLUMNS = 'c.id, c.name, c.phone, c.email, c.fields';
const liveRecipients = (q: AudienceQuery) => `${CONTACTS_SCAN} WHERE ${recipientWhere(q)}`;

/** `%`, `_` and `\\` typed in a search are characters, not LIKE wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The counts per list, in the order the lists are asked; a list the rules do not name is named by its id. */
function perList(json: string | null, named: readonly BlockListRef[]): BlockedCount[] {
  const counts = new Map((JSON.parse(json ?? '[]') as [string, number][]).filter(([, n]) => n > 0));
  const known = named
    .filter((list) => counts.has(list.id))
    .map((list) => ({ list, count: counts.get(list.id)! }));
  const unknown = [...counts]
    .filter(([id]) => !named.some((list) => list.id === id))
    .map(([id, count]) => ({ list: refOfId(id), count }));
  return [...known, ...unknown];
}

/** Statements kept by their SQL: an audience with segments makes its own, reused while it is the same. */
const MAX_KEPT = 32;

/**
 * `names`: the profile's block lists by name, in the order they are asked
 * (the rules domain's); without it the counts name the lists by id only
 * (the freeze, which needs their sum).
 */
export function createAudience(db: Database, names?: (profile: string) => BlockListRef[]) {
  const kept = new Map<string, BetterSqlite3.Statement>();
  const prepare = <R>(sql: string): BetterSqlite3.Statement<[Record<string, unknown>], R> => {
    let statement = kept.get(sql);
    if (!statement) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(sql, (statement = db.prepare(sql)));
    }
    return statement as BetterSqlite3.Statement<[Record<string, unknown>], R>;
  };
  // Each contact counted once, under the first reason that leaves it out: opted out, a fixed line,
  // blocked (under the first list that has it: the public registers first), over the cap. Each
  // condition is computed once per contact; the rows are kept (MATERIALIZED) for the count per list.
  const counts = (q: AudienceQuery) =>
    prepare<Counts>(
      `WITH each_contact AS MATERIALIZED (
         SELECT ${timesSelected(q)} AS times, ${OPTED_OUT} AS opted, ${LANDLINE} AS landline,
                ${BLOCKING_LIST} AS list, ${CAPPED} AS capped
           FROM ${CONTACTS_SCAN} WHERE ${selectedWhere(q)})
       SELECT sum(times) AS selected, count(*) AS "unique", sum(opted) AS opted, sum(landline) AS landlines,
              sum(NOT opted AND NOT landline AND list IS NOT NULL) AS blocked,
              sum(NOT opted AND NOT landline AND list IS NULL AND capped) AS capped,
              (SELECT json_group_array(json_array(list, n)) FROM
                 (SELECT list, count(*) AS n FROM each_contact
                   WHERE NOT opted AND NOT landline AND list IS NOT NULL GROUP BY list)) AS per_list
         FROM each_contact`,
    );
  const total = (q: AudienceQuery) => prepare<number>(`SELECT count(*) FROM ${liveRecipients(q)}`).pluck();
  // The count rides along (a window over the rows SQLite sorts anyway): one pass for a preview step.
  // Only the id is sorted with them; the one contact's columns are read after.
  const at = (q: AudienceQuery) =>
    prepare<{ id: string; total: number }>(
      `SELECT c.id, count(*) OVER () AS total FROM ${liveRecipients(q)}
        ORDER BY ${RECIPIENT_ORDER} LIMIT 1 OFFSET :offset`,
    );
  const contact = db.prepare<[string], RecipientRecord>(
    `SELECT ${RECIPIENT_COLUMNS} FROM contacts c WHERE c.id = ?`,
  );
  // The position of the first match in recipient order: numbered by a window over the whole audience.
  const find = (q: AudienceQuery) =>
    prepare<number>(
      `WITH numbered AS (SELECT row_number() OVER (ORDER BY ${RECIPIENT_ORDER}) - 1 AS position,
                            c.sort_key, c.phone FROM ${liveRecipients(q)})
      SELECT position FROM numbered
       WHERE (:name <> '' AND sort_key LIKE :name ESCAPE '\\')
          OR (:digits <> '' AND phone LIKE :digits ESCAPE '\\')
       ORDER BY position LIMIT 1`,
    ).pluck();
  const namesAndEmails = (q: AudienceQuery) =>
    prepare<{ total: number; named: number; emails: number }>(
      `SELECT count(*) AS total, count(nullif(trim(c.name), '')) AS named, count(nullif(trim(c.email), '')) AS emails
        FROM ${liveRecipients(q)}`,
    );
  const customFields = (q: AudienceQuery) =>
    prepare<{ key: string; filled: number }>(
      `SELECT j.key AS key, sum(trim(j.value) <> '') AS filled
        FROM ${CONTACTS_SCAN}, json_each(c.fields) j
       WHERE ${recipientWhere(q)} AND c.fields <> '{}'
       GROUP BY j.key ORDER BY filled DESC, j.key`,
    );

  return {
    counts(q: AudienceQuery): AudienceView {
      const row = counts(q).get(q.params)!;
      const selected = row.selected ?? 0;
      const optedOut = row.opted ?? 0;
      const landlines = row.landlines ?? 0;
      const duplicates = selected - row.unique;
      const blocked = row.blocked ?? 0;
      const capped = row.capped ?? 0;
      return {
        selected,
        optedOut,
        landlines,
        duplicates,
        blocked: perList(row.per_list, names?.(q.params.profile) ?? []),
        capped,
        recipients: row.unique - optedOut - landlines - blocked - capped,
      };
    },

    total: (q: AudienceQuery): number => total(q).get(q.params)!,

    /**
     * The recipient at `index` (0-based, in recipient order; past the end it
     * wraps around) and how many there are; null when there is nobody.
     */
    at(q: AudienceQuery, index: number): { recipient: RecipientRecord; index: number; total: number } | null {
      let row = at(q).get({ ...q.params, offset: index });
      if (!row) {
        const count = total(q).get(q.params)!;
        if (count === 0) return null;
        index %= count;
        row = at(q).get({ ...q.params, offset: index })!;
      }
      return { recipient: contact.get(row.id)!, index, total: row.total };
    },

    /** Position of the first recipient whose name contains the words typed or whose phone contains the digits. */
    find(q: AudienceQuery, query: string): number | null {
      const words = foldText(query).replace(/\s+/g, ' ').trim();
      const digits = query.replace(/\D+/g, '');
      // A name search needs letters; digits alone look for a phone (`11 9876` is not a name).
      const name = /\p{L}/u.test(words) ? `%${likeEscape(words)}%` : '';
      const phone = digits.length >= 2 ? `%${digits}%` : '';
      if (name === '' && phone === '') return null;
      return find(q).get({ ...q.params, name, digits: phone }) ?? null;
    },

    /** Built-in fields first (in the UI's language), then custom ones by how many contacts have them. */
    fields(q: AudienceQuery, language: 'pt-BR' | 'en'): MergeFieldView[] {
      const base = namesAndEmails(q).get(q.params)!;
      const keys = BUILTIN_KEYS[language];
      const builtins: MergeFieldView[] = [
        { key: keys.name, filled: base.named },
        { key: keys.firstName, filled: base.named },
        { key: keys.phone, filled: base.total },
        { key: keys.email, filled: base.emails },
      ];
      const reserved = new Set(Object.values(BUILTIN_KEYS).flatMap((k) => Object.values(k)));
      const custom = customFields(q)
        .all(q.params)
        .filter((f) => !reserved.has(f.key))
        .map((f) => ({ key: f.key, filled: f.filled }));
      return [...builtins, ...custom];
    },
  };
}

export type Audience = ReturnType<typeof createAudience>;
