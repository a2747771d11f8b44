import type { OverviewDay } from '@shared/dto/overview';

/** One bar: its day and series, its count, and where it sits (x and width in days' units, height in %). */
export interface PeriodBar {
  day: string;
  key: 'messages' | 'clicks';
  value: number;
  x: number;
  width: number;
  height: number;
}

export interface PeriodLayout {
  /** The plot's width in the SVG's units: 10 per day. */
  width: number;
  bars: PeriodBar[];
  /** Horizontal lines and their counts, `at` % from the bottom. */
  ticks: { value: number; at: number }[];
  /** The days named under the axis (about eight), `at` % from the left. */
  labels: { day: string; at: number }[];
}

const UNIT = 10;
/** Of a day's 10 units: a gap, the messages' bar, the clicks' bar, a gap. */
const GAP = 1;
const BAR = 4;

/** A count above zero stays visible beside a day a thousand times larger: at least 2% of the height. */
const heightOf = (value: number, top: number) => (value > 0 ? Math.max(2, (value / top) * 100) : 0);

/** The step of at most five lines that covers `most`: 1, 2 or 5 times a power of ten. */
export function tickStep(most: number): number {
  if (most <= 0) return 1;
  const rough = most / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return Math.max(1, step);
}

/** Where every bar, line and label of the last days' chart goes. */
export function barLayout(days: readonly OverviewDay[]): PeriodLayout {
  const most = Math.max(0, ...days.flatMap((d) => [d.messages, d.clicks]));
  const step = tickStep(most);
  const top = Math.max(step, Math.ceil(most / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => ({
    value: i * step,
    at: ((i * step) / top) * 100,
  }));
  const bars = days.flatMap((d, i): PeriodBar[] => [
    {
      day: d.day,
      key: 'messages',
      value: d.messages,
      x: i * UNIT + GAP,
      width: BAR,
      height: heightOf(d.messages, top),
    },
    {
      day: d.day,
      key: 'clicks',
      value: d.clicks,
      x: i * UNIT + GAP + BAR,
      width: BAR,
      height: heightOf(d.clicks, top),
    },
  ]);
  const every = Math.max(1, Math.ceil(days.length / 8));
  const labels = days
    .map((d, i) => ({ day: d.day, at: ((i * UNIT + UNIT / 2) / (days.length * UNIT)) * 100, i }))
    .filter(({ i }) => i % every === 0)
    .map(({ day, at }) => ({ day, at }));
  return { width: Math.max(1, days.length * UNIT), bars, ticks, labels };
}
