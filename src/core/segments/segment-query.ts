/**
 * A segment worked out on the contacts as they are now: compiled with the
 * profile's column types and today's date in Brasília, counted, and handed
 * to the campaigns as an SQL term of their audience (segments-module.ts).
 */
import { APP_TIME_ZONE } from '../../shared/display-format';
import type { SegmentCountView } from '../../shared/dto/segments';
import type { SegmentDefinition } from '../../shared/segments/segment-model';
import type { Database } from '../db/open-database';
import type { SegmentCatalog } from './segment-catalog';
import { segmentSql, SqlParams } from './sql/segment-sql';

/** Opted-out live contacts of the profile: never recipients, whatever a segment says. */
const OPTED_OUT = `SELECT c.seq FROM opt_outs o JOIN contacts c ON c.profile = o.profile AND c.phone = o.phone
  WHERE o.profile = :profile AND c.deleted_at IS NULL`;

/** Live fixed lines of the profile (no SMS reaches them; an opted-out one counts as opted out). */
const LANDLINES = `SELECT seq FROM contacts WHERE profile = :profile AND landline = 1 AND deleted_at IS NULL
  EXCEPT ${OPTED_OUT}`;

const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Brasília, as days since 1970-01-01. */
export const todayIn = (now: Date): number =>
  Math.round(Date.parse(`${dayFormat.format(now)}T00:00:00Z`) / DAY_MS);

/** A segment's SQL (a SELECT of seqs) and its parameters, `:profile` among them. */
export interface CompiledSegment {
  sql: string;
  params: Record<string, unknown>;
}

export function createSegmentQuery(db: Database, catalog: SegmentCatalog, now: () => Date) {
  const compile = (
    profile: string,
    definitions: readonly SegmentDefinition[],
    prefix = 's',
  ): CompiledSegment => {
    const params = new SqlParams(prefix);
    const ctx = { fields: catalog.columnTypes(profile), today: todayIn(now()), bind: params.bind };
    const parts = definitions.map((d) => `SELECT seq FROM (${segmentSql(d, ctx)})`);
    return { sql: parts.join(' UNION '), params: { ...params.values, profile } };
  };

  return {
    compile,

    count(profile: string, definition: SegmentDefinition): SegmentCountView {
      const { sql, params } = compile(profile, [definition]);
      // The segment worked out once (materialized), then who of it opted out or is a fixed line.
      const { contacts, optedOut, landlines } = db
        .prepare<Record<string, unknown>, { contacts: number; optedOut: number; landlines: number }>(
          `WITH s AS MATERIALIZED (${sql})
           SELECT (SELECT count(*) FROM s) AS contacts,
                  (SELECT count(*) FROM (SELECT seq FROM s INTERSECT ${OPTED_OUT})) AS optedOut,
                  (SELECT count(*) FROM (SELECT seq FROM s INTERSECT ${LANDLINES})) AS landlines`,
        )
        .get(params)!;
      return { contacts, optedOut, landlines, recipients: contacts - optedOut - landlines };
    },
  };
}

export type SegmentQuery = ReturnType<typeof createSegmentQuery>;
