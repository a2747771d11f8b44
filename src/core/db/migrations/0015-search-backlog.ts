import type { Migration } from './types';

/**
 * Contacts the search index (0008) does not hold yet, as ranges of seq.
 *
 * A large import commits its contacts without indexing them: writing some
 * 100,000 rows into FTS5 took about a third of the import. They are indexed
 * right after the commit, in the background (core/contacts/search/search-index.ts),
 * and search waits for that. A range stays here until then, so an import cut
 * short by a crash or a quit is indexed at the next search.
 *
 * Contacts inside a range have no index row; every other live contact has
 * its exact one. seq is AUTOINCREMENT, so a range never gains a contact
 * later: a contact created meanwhile lies outside it and is indexed at once.
 */
export const searchBacklog: Migration = {
  version: 15,
  name: 'search-backlog',
  up(db) {
    db.exec(`
      CREATE TABLE search_backlog (
        from_seq INTEGER PRIMARY KEY,
        to_seq   INTEGER NOT NULL,
        CHECK (to_seq >= from_seq)
      ) STRICT;
    `);
  },
};
