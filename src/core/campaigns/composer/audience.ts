/**
 * The audience of a draft as the composer shows it: counts (selected,
 * opted out, fixed lines, duplicates, recipients), the merge fields its contacts have,
 * and one recipient by position or by search (the preview).
 */
import type { AudienceView, CampaignAudience, MergeFieldView } from '../../../shared/dto/campaigns';
import { BUILTIN_KEYS } from '../../../shared/template';
import type { Database } from '../../db/open-database';
import { foldText } from '../../../shared/sort-key';
import {
  audienceParams,
  CONTACTS_SCAN,
  LANDLINE,
  OPTED_OUT,
  RECIPIENT_ORDER,
  RECIPIENT_WHERE,
  SELECTED_WHERE,
  TIMES_SELECTED,
  type AudienceParams,
} from './audience-sql';

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
}

const RECIPIENT_COLUMNS = 'c.id, c.name, c.phone, c.email, c.fields';
const LIVE_RECIPIENTS = `${CONTACTS_SCAN} WHERE ${RECIPIENT_WHERE}`;

/** `%`, `_` and `\` typed in a search are characters, not LIKE wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createAudience(db: Database) {
  const counts = db.prepare<AudienceParams, Counts>(
    `SELECT sum(${TIMES_SELECTED}) AS selected, count(*) AS "unique", sum(${OPTED_OUT}) AS opted,
            sum(${LANDLINE}) AS landlines
       FROM ${CONTACTS_SCAN} WHERE ${SELECTED_WHERE}`,
  );
  const total = db.prepare<AudienceParams, number>(`SELECT count(*) FROM ${LIVE_RECIPIENTS}`).pluck();
  // The count rides along (a window over the rows SQLite sorts anyway): one pass for a preview step.
  // Only the id is sorted with them; the one contact's columns are read after.
  const at = db.prepare<AudienceParams & { offset: number }, { id: string; total: number }>(
    `SELECT c.id, count(*) OVER () AS total FROM ${LIVE_RECIPIENTS}
      ORDER BY ${RECIPIENT_ORDER} LIMIT 1 OFFSET :offset`,
  );
  const contact = db.prepare<[string], RecipientRecord>(
    `SELECT ${RECIPIENT_COLUMNS} FROM contacts c WHERE c.id = ?`,
  );
  // The position of the first match in recipient order: numbered by a window over the whole audience.
  const find = db
    .prepare<AudienceParams & { name: string; digits: string }, number>(
      `WITH numbered AS (SELECT row_number() OVER (ORDER BY ${RECIPIENT_ORDER}) - 1 AS position,
                            c.sort_key, c.phone FROM ${LIVE_RECIPIENTS})
      SELECT position FROM numbered
       WHERE (:name <> '' AND sort_key LIKE :name ESCAPE '\\')
          OR (:digits <> '' AND phone LIKE :digits ESCAPE '\\')
       ORDER BY position LIMIT 1`,
    )
    .pluck();
  const namesAndEmails = db.prepare<AudienceParams, { total: number; named: number; emails: number }>(
    `SELECT count(*) AS total, count(nullif(trim(c.name), '')) AS named, count(nullif(trim(c.email), '')) AS emails
      FROM ${LIVE_RECIPIENTS}`,
  );
  const customFields = db.prepare<AudienceParams, { key: string; filled: number }>(
    `SELECT j.key AS key, sum(trim(j.value) <> '') AS filled
      FROM ${CONTACTS_SCAN}, json_each(c.fields) j
     WHERE ${RECIPIENT_WHERE} AND c.fields <> '{}'
     GROUP BY j.key ORDER BY filled DESC, j.key`,
  );

  return {
    counts(profile: string, audience: CampaignAudience): AudienceView {
      const row = counts.get(audienceParams(profile, audience))!;
      const selected = row.selected ?? 0;
      const optedOut = row.opted ?? 0;
      const landlines = row.landlines ?? 0;
      const duplicates = selected - row.unique;
      return { selected, optedOut, landlines, duplicates, recipients: row.unique - optedOut - landlines };
    },

    total: (profile: string, audience: CampaignAudience): number =>
      total.get(audienceParams(profile, audience))!,

    /**
     * The recipient at `index` (0-based, in recipient order; past the end it
     * wraps around) and how many there are; null when there is nobody.
     */
    at(
      profile: string,
      audience: CampaignAudience,
      index: number,
    ): { recipient: RecipientRecord; index: number; total: number } | null {
      const params = audienceParams(profile, audience);
      let row = at.get({ ...params, offset: index });
      if (!row) {
        const count = total.get(params)!;
        if (count === 0) return null;
        index %= count;
        row = at.get({ ...params, offset: index })!;
      }
      return { recipient: contact.get(row.id)!, index, total: row.total };
    },

    /** Position of the first recipient whose name contains the words typed or whose phone contains the digits. */
    find(profile: string, audience: CampaignAudience, query: string): number | null {
      const words = foldText(query).replace(/\s+/g, ' ').trim();
      const digits = query.replace(/\D+/g, '');
      // A name search needs letters; digits alone look for a phone (`11 9876` is not a name).
      const name = /\p{L}/u.test(words) ? `%${likeEscape(words)}%` : '';
      const phone = digits.length >= 2 ? `%${digits}%` : '';
      if (name === '' && phone === '') return null;
      return find.get({ ...audienceParams(profile, audience), name, digits: phone }) ?? null;
    },

    /** Built-in fields first (in the UI's language), then custom ones by how many contacts have them. */
    fields(profile: string, audience: CampaignAudience, language: 'pt-BR' | 'en'): MergeFieldView[] {
      const params = audienceParams(profile, audience);
      const base = namesAndEmails.get(params)!;
      const keys = BUILTIN_KEYS[language];
      const builtins: MergeFieldView[] = [
        { key: keys.name, filled: base.named },
        { key: keys.firstName, filled: base.named },
        { key: keys.phone, filled: base.total },
        { key: keys.email, filled: base.emails },
      ];
      const reserved = new Set(Object.values(BUILTIN_KEYS).flatMap((k) => Object.values(k)));
      const custom = customFields
        .all(params)
        .filter((f) => !reserved.has(f.key))
        .map((f) => ({ key: f.key, filled: f.filled }));
      return [...builtins, ...custom];
    },
  };
}

export type Audience = ReturnType<typeof createAudience>;
