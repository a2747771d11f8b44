import type { DeliveryPoint, NumberOutcome } from '../../shared/dto/history';
import { MAX_CHART_POINTS, thinByTime } from '../chart-points';

/** More points than a chart 1000 px wide can show apart; beyond it, times are grouped. */
export const MAX_POINTS = MAX_CHART_POINTS;

export interface SeriesEvent {
  at: string;
  kind: 'accepted' | Exclude<NumberOutcome, 'in_progress'>;
  count: number;
}

/**
 * Cumulative accepted, delivered and failed messages over time, for the
 * delivery chart: one point per moment something changed, starting at zero
 * when the campaign was queued. With more moments than MAX_POINTS, time is
 * cut into MAX_POINTS equal spans and each span keeps its last totals, so
 * the curve's shape and its final values stay exact.
 */
export function deliverySeries(start: string | null, events: readonly SeriesEvent[]): DeliveryPoint[] {
  const timed = events
    .map((e) => ({ ...e, t: Date.parse(e.at) }))
    .filter((e) => !Number.isNaN(e.t) && e.count !== 0)
    .sort((a, b) => a.t - b.t);
  if (timed.length === 0) return [];
  const startT = start === null ? NaN : Date.parse(start);
  const first = Number.isNaN(startT) ? timed[0]!.t : Math.min(startT, timed[0]!.t);

  const points: { t: number; accepted: number; delivered: number; failed: number }[] = [
    { t: first, accepted: 0, delivered: 0, failed: 0 },
  ];
  for (const e of timed) {
    const last = points.at(-1)!;
    const next = last.t === e.t ? last : { ...last, t: e.t };
    next[e.kind] += e.count;
    if (next !== last) points.push(next);
  }
  return thinByTime(points).map((p) => ({
    at: new Date(p.t).toISOString(),
    accepted: p.accepted,
    delivered: p.delivered,
    failed: p.failed,
  }));
}
