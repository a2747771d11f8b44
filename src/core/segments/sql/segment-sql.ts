/**
 * A whole segment as one SQL query of contacts' seqs: its conditions'
 * sets (condition-sets.ts) combined with SQLite's set operators, which
 * read each set once from its index and intersect, subtract or join them
 * (a two-condition segment over a million contacts in tens of
 * milliseconds, where testing each contact against each condition took
 * ten times as long: test/bench/segments.bench.ts):
 *
 * - all: the positive sets INTERSECTed, then each negated set EXCEPTed
 *   (from every live contact when no condition is positive);
 * - any: the positive sets and "everyone but" each negated one, UNIONed.
 *
 * SQLite's compound operators bind left to right, so every part that is
 * itself compound is wrapped as `SELECT seq FROM (...)`.
 */
import type { SegmentDefinition } from '../../../shared/segments/segment-model';
import { conditionSet, LIVE, type SetContext } from './condition-sets';

/** A part of a compound: a plain SELECT stays as it is, a compound one is wrapped. */
const term = (sql: string) => (/\b(INTERSECT|EXCEPT|UNION)\b/.test(sql) ? `SELECT seq FROM (${sql})` : sql);

/** The segment's contacts, as a SELECT of seqs (parameters bound through `ctx`, and `:profile`). */
export function segmentSql(definition: SegmentDefinition, ctx: SetContext): string {
  const sets = definition.conditions.map((c) => conditionSet(c, ctx));
  const positive = sets.filter((s) => !s.negated).map((s) => term(s.sql));
  const negative = sets.filter((s) => s.negated).map((s) => term(s.sql));
  if (definition.match === 'all') {
    const base = positive.length > 0 ? positive.join(' INTERSECT ') : LIVE;
    return [base, ...negative].join(' EXCEPT ');
  }
  return [...positive, ...negative.map((n) => `SELECT seq FROM (${LIVE} EXCEPT ${n})`)].join(' UNION ');
}

/** Binds values as `:s0`, `:s1`... (a prefix keeps two compilations apart in one query). */
export class SqlParams {
  readonly values: Record<string, unknown> = {};
  private count = 0;

  constructor(private readonly prefix = 's') {}

  readonly bind = (value: unknown): string => {
    const name = `${this.prefix}${this.count++}`;
    this.values[name] = value;
    return `:${name}`;
  };
}
