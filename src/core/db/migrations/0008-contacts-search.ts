import type { Migration } from './types';

/**
 * The search index over contacts (FTS5), kept by the contacts repo
 * (core/contacts/search/search-index.ts says what each column holds and why).
 *
 * - contentless (`content=''`): the text lives in `contacts` already; with
 *   `contentless_delete=1` a row can still be removed by rowid (= contacts.seq).
 * - `unicode61 remove_diacritics 2`: `joao` finds `João`, `CONCEIÇÃO` finds `Conceição`.
 * - prefix indexes for 1 to 3 characters: search runs at every keystroke and
 *   the first letters match the most rows; without them FTS5 would merge the
 *   lists of every word starting with them.
 * - hashsize 16 MB: FTS5 writes its pending terms to disk whenever they pass
 *   this size; the 1 MB default would cut a 100,000-contact import into dozens
 *   of segments to merge again.
 */
export const contactsSearch: Migration = {
  version: 8,
  name: 'contacts-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE contacts_fts USING fts5 (
        name, email, phones, tags,
        content = '', contentless_delete = 1,
        tokenize = "unicode61 remove_diacritics 2",
        prefix = '1 2 3'
      );
      INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('hashsize', 16777216);
      INSERT INTO contacts_fts (rowid, name, email, phones, tags)
      SELECT c.seq, c.name, c.email,
        CASE WHEN c.phone GLOB '+55*' THEN substr(c.phone, 4)
             ELSE substr(c.phone, 2) || ' ' || substr(c.phone, 3) || ' ' || substr(c.phone, 4) || ' ' || substr(c.phone, 5)
        END || ' ' || substr(c.phone, -8),
        'p' || lower(hex(c.profile))
        || coalesce((SELECT ' ' || group_concat('l' || replace(cl.list_id, '-', ''), ' ')
                     FROM contact_lists cl WHERE cl.contact_id = c.id), '')
        || CASE WHEN EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = c.profile AND o.phone = c.phone)
                THEN ' optout' ELSE '' END
      FROM contacts c WHERE c.deleted_at IS NULL;
    `);
  },
};
