import type { ClickPoint } from '../../shared/dto/links';
import { thinByTime } from '../chart-points';

/**
 * The running total of clicks over time, for the charts: zero at `start`
 * (the link's creation, or the campaign's first message) and one point per
 * click after it. With more clicks than a chart shows apart (MAX_CHART_POINTS), time is cut into
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
  return thinByTime(points).map((p) => ({ at: new Date(p.t).toISOString(), clicks: p.clicks }));
}
