import type { DeliveryPoint } from '@shared/dto/history';
import { APP_TIME_ZONE } from '@shared/display-format';
import { formatDayMonth, formatTimeOfDay } from '@renderer/composables/format-date-time';

/**
 * The delivery chart as a shop owner reads it: how many messages were
 * delivered and how many failed so far, against the clock they know (whole
 * minutes, hours or days of Brasília time, like every time in the app), not
 * the seconds between two readings.
 */

export interface ChartLine {
  key: 'delivered' | 'failed';
  points: { x: number; y: number }[];
}

/** Delivered and failed so far, each a line of (time in ms, running total). */
export function deliveryLines(series: readonly DeliveryPoint[]): ChartLine[] {
  const at = series.map((p) => Date.parse(p.at));
  return (['delivered', 'failed'] as const).map((key) => ({
    key,
    points: series.map((p, i) => ({ x: at[i]!, y: p[key] })),
  }));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tick spacings a person counts in; the smallest that needs at most MAX_TICKS ticks is used. */
const STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];
const MAX_TICKS = 8;

export interface TimeAxis {
  min: number;
  max: number;
  /** Tick spacing in ms. */
  step: number;
  ticks: number[];
  /** Everything falls within one day (Brasília time): ticks are times of day, the day is said once. */
  oneDay: boolean;
}

/** How far Brasília's clock is from UTC at `ms` (its wall time minus the instant). */
function zoneOffset(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: APP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** `ms` rounded down to a whole `step` on Brasília's clock (a whole minute, hour, or midnight there). */
const floorTo = (ms: number, step: number, offset: number) =>
  Math.floor((ms + offset) / step) * step - offset;

/**
 * The x axis from the first reading to the last, stretched to whole ticks:
 * at least one minute wide, at most MAX_TICKS ticks.
 */
export function timeAxis(first: number, last: number): TimeAxis {
  const offset = zoneOffset(first);
  const bounds = (step: number) => {
    const min = floorTo(first, step, offset);
    const end = floorTo(last, step, offset);
    return { min, max: Math.max(min + step, last > end ? end + step : end) };
  };
  const step =
    STEPS.find((s) => {
      const { min, max } = bounds(s);
      return (max - min) / s <= MAX_TICKS;
    }) ?? STEPS[STEPS.length - 1]!;
  const { min, max } = bounds(step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max; tick += step) ticks.push(tick);
  const dayOf = (ms: number) => Math.floor((ms + offset) / DAY);
  return { min, max, step, ticks, oneDay: dayOf(min) === dayOf(max) };
}

/** A tick's label: `14:05` within one day; `25/11 14:00` across days; `25/11` for whole days. */
export function tickLabel(ms: number, axis: TimeAxis, locale: string): string {
  if (axis.oneDay) return formatTimeOfDay(ms, locale);
  if (axis.step >= DAY) return formatDayMonth(ms, locale);
  return `${formatDayMonth(ms, locale)} ${formatTimeOfDay(ms, locale)}`;
}

/** A moment for the tooltip and the screen reader's summary: `25/11 14:05`. */
export const momentLabel = (ms: number, locale: string): string =>
  `${formatDayMonth(ms, locale)} ${formatTimeOfDay(ms, locale)}`;
