import type { Database } from '../db/open-database';
import { CONTACT_COLUMNS, type ContactRecord, type ContactRows } from './contact-rows';
import { matchExpression, searchTerms } from './search-query';
import type { SearchPage, SearchParams } from './types';

export const MAX_PAGE = 200;

/**
 * Walking the name index costs about this many times less per row than
 * fetching and sorting a match (measured with test/bench/search.bench.ts).
 */
const WALK_ADVANTAGE = 3;

/**
 * Search and browse, one page at a time, in name order.
 *
 * The match set comes from the FTS index alone (profile, list and opt-out
 * are tokens there too), into a temporary table: its size is the total, at
 * no row lookups, and the page reads it. Two plans for the page:
 *
 * - sort: fetch every match and keep the first `offset + limit` by name.
 *   Cost grows with the number of matches: right for a narrow search.
 * - walk: read the name index in order and keep the rows in the match set,
 *   until the page is full. Cost grows with `offset + limit` divided by the
 *   share of contacts that match: right when most contacts match (the first
 *   letters typed, a big list), where sorting would fetch them all.
 *
 * The cheaper one is picked from the count and the profile's size; both
 * return the same rows in the same order (name, then creation).
 */
export class ContactSearch {
  private readonly s;
  /** Live contacts per profile, as of `seenVersion`; only plan choices depend on them. */
  private sizes = new Map<string, number>();
  private seenVersion = '';

  constructor(
    private readonly db: Database,
    private readonly rows: ContactRows,
  ) {
    const live = 'c.profile = ? AND c.deleted_at IS NULL';
    db.exec('CREATE TEMP TABLE IF NOT EXISTS search_matches (seq INTEGER PRIMARY KEY)');
    this.s = {
      browseCount: db.prepare<[string], number>(`SELECT count(*) FROM contacts c WHERE ${live}`).pluck(),
      profileSizes: db.prepare<[], { profile: string; n: number }>(
        'SELECT profile, count(*) AS n FROM contacts WHERE deleted_at IS NULL GROUP BY profile',
      ),
      browse: db.prepare<[string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE ${live}
         ORDER BY c.sort_key, c.seq LIMIT ? OFFSET ?`,
      ),
      // The match set, once per search: its size is the total, and both plans read it.
      clearMatches: db.prepare('DELETE FROM temp.search_matches'),
      collect: db.prepare<[string]>(
        'INSERT INTO temp.search_matches (seq) SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?',
      ),
      // The match set drives (CROSS JOIN keeps it the outer loop); sorting keeps only offset + limit rows.
      sorted: db.prepare<[number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM temp.search_matches m CROSS JOIN contacts c ON c.seq = m.seq
         WHERE c.deleted_at IS NULL ORDER BY c.sort_key, c.seq LIMIT ? OFFSET ?`,
      ),
      // The name index drives; `+c.seq` stops the planner from driving by the match set instead.
      walked: db.prepare<[string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM contacts c
         WHERE ${live} AND +c.seq IN (SELECT seq FROM temp.search_matches)
         ORDER BY c.sort_key, c.seq LIMIT ? OFFSET ?`,
      ),
    };
  }

  search(params: SearchParams): SearchPage {
    const { profile, offset, limit } = params;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      throw new RangeError(`limit must be 1 to ${MAX_PAGE}`);
    }
    if (!Number.isInteger(offset) || offset < 0) throw new RangeError('offset must be 0 or more');

    const filtered =
      params.listId !== undefined || params.optedOut !== undefined || searchTerms(params.query ?? '').length;
    if (!filtered) {
      const total = this.s.browseCount.get(profile) ?? 0;
      const records = offset < total ? this.s.browse.all(profile, limit, offset) : [];
      return { rows: this.rows.toRows(profile, records), total };
    }

    const s = this.s;
    const sizes = this.profileSizes();
    const own = sizes.get(profile) ?? 0;
    const others = [...sizes].filter(([p]) => p !== profile);
    // Leave the other profiles out when that reads less than selecting this one.
    const othersSize = others.reduce((sum, [, n]) => sum + n, 0);
    const match = matchExpression({
      ...params,
      others: othersSize < own ? others.map(([p]) => p) : undefined,
    });
    s.clearMatches.run();
    const total = s.collect.run(match).changes;
    if (total === 0 || offset >= total) return { rows: [], total };
    const walkRows = ((offset + limit) * own) / total;
    const records =
      walkRows < total * WALK_ADVANTAGE ? s.walked.all(profile, limit, offset) : s.sorted.all(limit, offset);
    s.clearMatches.run();
    return { rows: this.rows.toRows(profile, records), total };
  }

  /**
   * Per-profile sizes, recounted after any change: `data_version` moves when
   * another connection commits, the write epoch when a repo on this one does.
   */
  private profileSizes(): Map<string, number> {
    const version = `${this.db.pragma('data_version', { simple: true }) as number}:${writeEpoch(this.db)}`;
    if (version !== this.seenVersion) {
      this.sizes = new Map(this.s.profileSizes.all().map((r) => [r.profile, r.n]));
      this.seenVersion = version;
    }
    return this.sizes;
  }
}

const epochs = new WeakMap<Database, number>();
const writeEpoch = (db: Database) => epochs.get(db) ?? 0;

/** Every contacts write on this connection calls this (the repo's write wrapper does). */
export function bumpWriteEpoch(db: Database): void {
  epochs.set(db, writeEpoch(db) + 1);
}
