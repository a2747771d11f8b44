/** More points than a chart 1000 px wide can show apart; beyond it, times are grouped. */
export const MAX_CHART_POINTS = 120;

/**
 * A running total's points (in time order) thinned to at most `max` for a
 * chart: time is cut into equal spans and each span keeps its last point,
 * so the curve's shape and its final values stay exact. The first point
 * (the start, at zero) stays on its own. Serves the delivery chart
 * (history/delivery-series.ts) and the clicks charts (links/click-series.ts).
 */
export function thinByTime<P extends { t: number }>(points: P[], max = MAX_CHART_POINTS): P[] {
  if (points.length <= max) return points;
  const first = points[0]!.t;
  const span = (points.at(-1)!.t - first) / (max - 1);
  const kept = new Map<number, P>();
  // The first point stays on its own; every later one replaces the earlier ones of its span.
  kept.set(-1, points[0]!);
  for (const p of points.slice(1)) kept.set(Math.ceil((p.t - first) / span), p);
  return [...kept.values()];
}
