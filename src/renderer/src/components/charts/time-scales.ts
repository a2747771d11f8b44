import type { ChartOptions } from 'chart.js';
import { formatCount } from '@renderer/composables/use-money';
import { momentLabel, tickLabel, type TimeAxis } from '../history/delivery-chart-data';

export interface TimeScaleLook {
  /** The theme's text and line colours. */
  text: string;
  grid: string;
  locale: string;
  /** Under the x axis (useTimeAxisLabels' axisTitle), and beside the y axis. */
  xTitle: string;
  yTitle: string;
}

export interface TimeLineLook extends TimeScaleLook {
  /** The tooltip's points: all at the hovered time ('index'), or the nearest line's ('nearest'). */
  interaction: 'index' | 'nearest';
  /** Whether the legend shows (a single line's name is the chart's label already). */
  legend: boolean;
}

/**
 * The options of a line chart of running totals over time (the delivery and
 * the clicks charts): no animation (it is read again every few seconds), the
 * container's size, the scales below, and a tooltip titled with the moment.
 */
export function timeLineOptions(axis: TimeAxis, look: TimeLineLook): ChartOptions<'line'> {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: look.interaction, intersect: false },
    scales: timeScales(axis, look),
    plugins: {
      legend: { display: look.legend, labels: { color: look.text } },
      tooltip: {
        callbacks: {
          title: (items) => (items[0] ? momentLabel(items[0].parsed.x ?? 0, look.locale) : ''),
        },
      },
    },
  };
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
