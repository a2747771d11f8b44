/**
 * The whole contact book of a profile, for what a text is checked against
 * beyond one campaign's audience: whether any contact at all has a custom
 * field (a fallback field that none has is a typo, shared/template-check.ts),
 * and the walk of every reachable contact that checks a template's text
 * before it has an audience (`templates:check`, through the campaigns
 * module's surface).
 */
import type { Database } from '../../db/open-database';
import { fieldColumn, OPTED_OUT } from '../messages/audience-sql';
import type { MessageBuilder, RecipientRow } from '../messages/message-builder';

export interface ContactBook {
  /** Whether any live contact of the profile has a value for a custom field. */
  hasField(profile: string, key: string): boolean;
  /** Every live contact the profile could send to (opted-out numbers left out), each message built. */
  forEachMessage(
    profile: string,
    builder: MessageBuilder,
    visit: (row: RecipientRow, text: string) => void,
  ): void;
}

export function createContactBook(db: Database): ContactBook {
  const has = db
    .prepare<[string, string], number>(
      `SELECT EXISTS (SELECT 1 FROM contacts c WHERE c.profile = ? AND c.deleted_at IS NULL
          AND trim(json_extract(c.fields, ?)) <> '')`,
    )
    .pluck();
  return {
    // Keys are the import's slugs: anything else is no field of any contact (fieldColumn says which).
    hasField: (profile, key) => fieldColumn(key) !== null && has.get(profile, `$."${key}"`) === 1,
    forEachMessage(profile, builder, visit) {
      // In the order of a recipient row (audience-sql.ts's COL): id, phone, name, e-mail, the contact's
      // own clock, then the fields (the builder reads them from COL.firstExtra on).
      const columns = ['c.id', 'c.phone', 'c.name', builder.usesEmail ? 'c.email' : 'NULL', 'c.time_zone'];
      // `+c.profile`: a straight scan of the table, not a walk of the profile's name index with a
      // random page read per contact (audience-sql.ts's SELECTED_WHERE says why, with figures).
      const sql = `SELECT ${[...columns, ...builder.extraColumns].join(', ')} FROM contacts c
        WHERE +c.profile = :profile AND c.deleted_at IS NULL AND NOT ${OPTED_OUT}`;
      const rows = db.prepare(sql).raw().iterate({ profile }) as IterableIterator<RecipientRow>;
      for (const row of rows) visit(row, builder.fromRow(row));
    },
  };
}
