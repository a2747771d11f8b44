import type { ClickPoint } from '../../shared/dto/links';

/** More points than a chart 1000 px wide can show apart; beyond it, times are grouped. */
export const MAX_CLICK_POINTS = 120;

/**
 * The running total of clicks over time, for the charts: zero at `start`
 * (the link's creation, or the campaign's first message) and one point per
 * click after it. With more clicks than MAX_CLICK_POINTS, time is cut into
 * equal spans and each span keeps its last total, so the curve's shape and
 * its final value stay exact.
 */
export function clickSeries(start: string | null, times: readonly string[]): ClickPoint[] {
  const at = times.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t));
  at.sort((a, b) => a - b);
  if (at.length === 0) return [];
  const startT = start === null ? NaN : Date.parse(start);
  const first = Number.isNaN(startT) ? at[0]! : Math.min(startT, at[0]!);
  const points: { t: number; clicks: number }[] = [{ t: first, clicks: 0 }];
  at.forEach((t, i) => {
    const last = points.at(-1)!;
    if (last.t === t) last.clicks = i + 1;
    else points.push({ t, clicks: i + 1 });
  });
  return thin(points).map((p) => ({ at: new Date(p.t).toISOString(), clicks: p.clicks }));
}

function thin<P extends { t: number }>(points: P[]): P[] {
  if (points.length <= MAX_CLICK_POINTS) return points;
  const first = points[0]!.t;
  const span = (points.at(-1)!.t - first) / (MAX_CLICK_POINTS - 1);
  const kept = new Map<number, P>();
  kept.set(-1, points[0]!);
  for (const p of points.slice(1)) kept.set(Math.ceil((p.t - first) / span), p);
  return [...kept.values()];
}
