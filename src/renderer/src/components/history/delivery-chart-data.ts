import type { DeliveryPoint } from '../../../../shared/history-dto';

export interface ChartLine {
  key: 'accepted' | 'delivered' | 'failed';
  points: { x: number; y: number }[];
}

/** The series as three lines of (time in ms, running total), the chart's x axis being linear time. */
export function deliveryLines(series: readonly DeliveryPoint[]): ChartLine[] {
  const at = series.map((p) => Date.parse(p.at));
  return (['accepted', 'delivered', 'failed'] as const).map((key) => ({
    key,
    points: series.map((p, i) => ({ x: at[i]!, y: p[key] })),
  }));
}

/**
 * A tick label for a time on the axis: the time of day when the whole chart
 * fits in one day, else the date and the time.
 */
export function timeTick(ms: number, spanMs: number, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    spanMs < 24 * 60 * 60 * 1000
      ? { hour: '2-digit', minute: '2-digit', ...(spanMs < 10 * 60 * 1000 ? { second: '2-digit' } : {}) }
      : { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale, options).format(ms);
}
