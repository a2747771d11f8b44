import type { Database } from '../../db/open-database';
import { CONTACT_COLUMNS, type ContactRecord, type ContactRows } from '../contact-rows';
import { matchExpression, searchTerms } from './search-query';
import type { SearchFilter, SearchPage, SearchParams } from '../types';

export const MAX_PAGE = 200;

/**
 * The first pages (what search-as-you-type shows) are looked for among the
 * first WINDOW contacts in name order, in the same pass over the index that
 * counts the matches.
 */
const WINDOW = 2000;
/** Pages ending within this many rows from the top use the window. */
const WINDOW_PAGES = 250;
/**
 * A deep page walks the name index, probing the matches, when the rows it
 * should read (an even spread of matches) cost less than reading and sorting
 * every match: an index entry and a probe cost about WALK_VS_SORT times less
 * than a match read and kept in a sorter that deep (measured with
 * test/bench/search.bench.ts). It reads WALK_SLACK times that at most, then sorts.
 */
const WALK_VS_SORT = 5;
const WALK_SLACK = 4;

/**
 * Whether a search reads the FTS index (a query, a list or the opt-out
 * filter); browsing everything in name order does not.
 */
export const readsIndex = (params: Pick<SearchParams, 'query' | 'listId' | 'optedOut'>): boolean =>
  params.listId !== undefined || params.optedOut !== undefined || searchTerms(params.query ?? '').length > 0;

/**
 * Search and browse, one page at a time, in name order.
 *
 * The total comes from the FTS index alone (profile, list and opt-out are
 * tokens there too): no row lookups. Finding the page is the costly part:
 * sorting every match by name reads each one (a search for `c`, which every
 * `.com` e-mail matches, reads most of the address book). So, for the first
 * pages, the same index pass that counts also notes which of the first
 * WINDOW contacts in name order match: when most contacts match, the page is
 * among them at the cost of a few thousand index entries. When it is not
 * (few matches, or matches bunched later in the order: `lu` is mostly Lúcia,
 * Luana, Luís), the matches are sorted, and they are few or close to few.
 * Deeper pages (scrolling) walk the name index up to a budget, probing an
 * in-memory set of the matches (no row reads but the page's), and sort
 * when the budget runs out. Every way returns the same rows in the same
 * order (name, then creation).
 */
export class ContactSearch {
  private readonly s;
  /**
   * Live contacts per profile, as of `seenVersion`: the plans depend on them, and browsing's total
   * (every write on this connection bumps the epoch, another connection's commit data_version).
   */
  private sizes = new Map<string, number>();
  private seenVersion = '';

  constructor(
    private readonly db: Database,
    private readonly rows: ContactRows,
  ) {
    const live = 'c.profile = ? AND c.deleted_at IS NULL';
    this.s = {
      browse: db.prepare<[string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE ${live}
         ORDER BY c.sort_key, c.seq LIMIT ? OFFSET ?`,
      ),
      // The same order from its end: a page in the second half skips the rows after it, not before.
      browseBack: db.prepare<[string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE ${live}
         ORDER BY c.sort_key DESC, c.seq DESC LIMIT ? OFFSET ?`,
      ),
      profileSizes: db.prepare<[], { profile: string; n: number }>(
        'SELECT profile, count(*) AS n FROM contacts WHERE deleted_at IS NULL GROUP BY profile',
      ),
      matchCount: db
        .prepare<[string], number>('SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?')
        .pluck(),
      // One pass over the matches: their number, and those among the first contacts by name.
      // `+rowid` keeps the window a filter (an in-memory set) instead of driving FTS row by row.
      windowed: db.prepare<[string, number, string], { total: number; hits: string }>(
        `SELECT count(*) AS total, json_group_array(rowid) FILTER (WHERE +rowid IN (
           SELECT c.seq FROM contacts c WHERE ${live} ORDER BY c.sort_key, c.seq LIMIT ?)) AS hits
         FROM contacts_fts WHERE contacts_fts MATCH ?`,
      ),
      bySeq: db.prepare<[string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM json_each(?) j CROSS JOIN contacts c ON c.seq = j.value
         ORDER BY c.sort_key, c.seq LIMIT ? OFFSET ?`,
      ),
      // The name of the n-th contact in order: where a walk's budget ends (index only).
      budgetEnd: db
        .prepare<[string, number], string>(
          `SELECT c.sort_key FROM contacts c WHERE ${live} ORDER BY c.sort_key, c.seq LIMIT 1 OFFSET ?`,
        )
        .pluck(),
      // The name index drives, probing the matches (a set built once per run);
      // `+c.seq` stops the planner from driving by the matches instead.
      walked: db.prepare<[string, string, string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM contacts c
         WHERE ${live} AND c.sort_key <= ?
           AND +c.seq IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?)
         ORDER BY c.sort_key, c.seq LIMIT ? OFFSET ?`,
      ),
      browseIds: db.prepare<[string], string>(`SELECT c.id FROM contacts c WHERE ${live}`).pluck(),
      matchIds: db
        .prepare<[string], string>(
          `SELECT c.id FROM contacts_fts f CROSS JOIN contacts c ON c.seq = f.rowid
           WHERE contacts_fts MATCH ? AND c.deleted_at IS NULL`,
        )
        .pluck(),
      // The matches drive (CROSS JOIN keeps FTS the outer loop); the sorter keeps offset + limit rows.
      sorted: db.prepare<[string, number, number], ContactRecord>(
        `SELECT ${CONTACT_COLUMNS} FROM contacts_fts f CROSS JOIN contacts c ON c.seq = f.rowid
         WHERE contacts_fts MATCH ? AND c.deleted_at IS NULL
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

    if (!readsIndex(params)) {
      // Everyone: as many as the profile has, counted once per change, not once per page.
      const total = this.profileSizes().get(profile) ?? 0;
      return { rows: this.rows.toRows(profile, this.browse(profile, total, offset, limit)), total };
    }

    const sizes = this.profileSizes();
    const own = sizes.get(profile) ?? 0;
    const others = [...sizes].filter(([p]) => p !== profile);
    // Leave the other profiles out when that reads less of the index than selecting this one.
    const othersSize = others.reduce((sum, [, n]) => sum + n, 0);
    const match = matchExpression({
      ...params,
      others: othersSize < own ? others.map(([p]) => p) : undefined,
    });
    const { records, total } = this.page(match, profile, own, offset, limit);
    return { rows: this.rows.toRows(profile, records), total };
  }

  /**
   * A page of everyone in name order. An OFFSET costs the rows it skips: the last page of a
   * million contacts would skip 999,900 of them, so the second half is read from the end.
   */
  private browse(profile: string, total: number, offset: number, limit: number): ContactRecord[] {
    if (offset >= total) return [];
    if (offset < total / 2) return this.s.browse.all(profile, limit, offset);
    const count = Math.min(limit, total - offset);
    return this.s.browseBack.all(profile, count, total - offset - count).reverse();
  }

  /** The id of every match, in no order (a bulk action on all of them; only ids are read). */
  matchingIds(filter: SearchFilter): string[] {
    if (!readsIndex(filter)) return this.s.browseIds.all(filter.profile);
    return this.s.matchIds.all(matchExpression(filter));
  }

  private page(match: string, profile: string, own: number, offset: number, limit: number) {
    const s = this.s;
    if (offset + limit > WINDOW_PAGES) {
      const total = s.matchCount.get(match) ?? 0;
      if (offset >= total) return { total, records: [] };
      return {
        total,
        records: this.walk(match, profile, own, total, offset, limit) ?? s.sorted.all(match, limit, offset),
      };
    }
    const { total, hits } = s.windowed.get(profile, WINDOW, match)!;
    if (offset >= total) return { total, records: [] };
    const found = (JSON.parse(hits) as number[]).length;
    // Enough matches among the first contacts by name (or all of them): the page is there.
    if (found >= offset + limit || found === total)
      return { total, records: s.bySeq.all(hits, limit, offset) };
    return { total, records: s.sorted.all(match, limit, offset) };
  }

  /** A deep page by walking the name index within a budget; undefined when sorting is cheaper or the budget ran out. */
  private walk(match: string, profile: string, own: number, total: number, offset: number, limit: number) {
    const expected = ((offset + limit) * own) / total;
    if (expected > total * WALK_VS_SORT) return undefined;
    const budget = Math.ceil(WALK_SLACK * expected);
    // Up to the budget's last name (inclusive: ties cost little); past the profile's end, all of it.
    const end = budget < own ? this.s.budgetEnd.get(profile, budget - 1) : undefined;
    const records = this.s.walked.all(profile, end ?? '\u{10ffff}', match, limit, offset);
    // A full page, or the last one, is exactly what sorting would give; fewer rows: the budget ran out.
    return records.length === limit || offset + records.length === total ? records : undefined;
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
