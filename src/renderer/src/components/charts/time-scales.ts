import type { ChartOptions } from 'chart.js';
import { formatCount } from '../../composables/use-money';
import { tickLabel, type TimeAxis } from '../history/delivery-chart-data';

export interface TimeScaleLook {
  /** The theme's text and line colours. */
  text: string;
  grid: string;
  locale: string;
  /** Under the x axis (useTimeAxisLabels' axisTitle), and beside the y axis. */
  xTitle: string;
  yTitle: string;
}

/**
 * The two scales of a running total over time: x on the axis's own ticks,
 * whole minutes, hours or days of Brasília time (Chart.js would round in
 * UTC), and y a count from zero in whole numbers, in the user's language.
 */
export function timeScales(axis: TimeAxis, look: TimeScaleLook): ChartOptions<'line'>['scales'] {
  const { text, grid, locale } = look;
  return {
    x: {
      type: 'linear',
      min: axis.min,
      max: axis.max,
      afterBuildTicks: (scale) => {
        scale.ticks = axis.ticks.map((value) => ({ value }));
      },
      ticks: { color: text, callback: (v) => tickLabel(Number(v), axis, locale) },
      title: { display: true, text: look.xTitle, color: text },
      grid: { color: grid },
    },
    y: {
      beginAtZero: true,
      ticks: { color: text, precision: 0, callback: (v) => formatCount(Number(v), locale) },
      title: { display: true, text: look.yTitle, color: text },
      grid: { color: grid },
    },
  };
}
