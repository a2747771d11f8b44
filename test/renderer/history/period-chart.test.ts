import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import PeriodChart from '@renderer/components/overview/PeriodChart.vue';
import { barLayout, tickStep } from '@renderer/components/overview/period-bars';
import { createAppI18n } from '@renderer/i18n';
import { byTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

/** The last 30 days up to 25/11/2026, quiet but for two. */
const DAYS = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
  if (day === '2026-11-24') return { day, messages: 30, clicks: 5 };
  if (day === '2026-11-10') return { day, messages: 1, clicks: 0 };
  return { day, messages: 0, clicks: 0 };
});

async function mountChart(locale: 'pt-BR' | 'en', days = DAYS) {
  const Page = defineComponent({
    setup: () => () => h(PeriodChart, { days, label: '30 mensagens e 5 cliques nos últimos 30 dias' }),
  });
  mount(Page, { global: { plugins: [createAppI18n(locale)] }, attachTo: document.body });
  return byTestId('period-chart');
}

describe('the overview’s last-30-days chart', () => {
  it('draws a bar per day and series, each naming its day and count, with the axis the counts need', async () => {
    const chart = await mountChart('pt-BR');
    expect(chart.querySelector('svg')!.getAttribute('aria-label')).toBe(
      '30 mensagens e 5 cliques nos últimos 30 dias',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(60);
    const busiest = chart.querySelector('rect[data-day="2026-11-24"][data-series="messages"]')!;
    expect(squash(busiest.textContent)).toBe('24/11: 30 Mensagens');
    expect(Number(busiest.getAttribute('height'))).toBe(100);
    const clicks = chart.querySelector('rect[data-day="2026-11-24"][data-series="clicks"]')!;
    expect(Number(clicks.getAttribute('height'))).toBeCloseTo(100 / 6);
    // One message beside thirty still shows; a day without any draws nothing.
    expect(Number(chart.querySelector('rect[data-day="2026-11-10"]')!.getAttribute('height'))).toBe(
      3.3333333333333335,
    );
    expect(Number(chart.querySelector('rect[data-day="2026-11-11"]')!.getAttribute('height'))).toBe(0);
    const ticks = [...chart.querySelectorAll('.period-chart__y span')].map((s) => squash(s.textContent));
    expect(ticks).toEqual(['0', '10', '20', '30']);
    const legend = [...chart.querySelectorAll('.period-chart__legend li')].map((li) =>
      squash(li.textContent),
    );
    expect(legend).toEqual(['Mensagens', 'Cliques']);
  });

  it('names the days day first in English too, as every other date the app shows', async () => {
    const chart = await mountChart('en');
    const labels = [...chart.querySelectorAll('.period-chart__x span')].map((s) => squash(s.textContent));
    expect(labels[0]).toBe('27/10');
    expect(labels).toHaveLength(8);
    const busiest = chart.querySelector('rect[data-day="2026-11-24"][data-series="clicks"]')!;
    expect(squash(busiest.textContent)).toBe('24/11: 5 Clicks');
  });

  it('makes the y labels’ column as wide as the longest label, so "600" never wraps', async () => {
    const busy = DAYS.map((d) => (d.day === '2026-11-24' ? { ...d, messages: 600 } : d));
    const chart = await mountChart('pt-BR', busy);
    const ticks = [...chart.querySelectorAll('.period-chart__y span')].map((s) => squash(s.textContent));
    expect(ticks.at(-1)).toBe('600');
    expect(chart.querySelector<HTMLElement>('[data-testid="period-chart-y"]')!.style.minWidth).toBe('3ch');
  });

  it('steps its lines by 1, 2 or 5 times a power of ten, at most six lines', () => {
    expect([0, 3, 7, 30, 99, 1_234, 60_000].map(tickStep)).toEqual([1, 1, 2, 10, 20, 500, 20_000]);
    for (const most of [1, 9, 11, 49, 51, 999, 12_345]) {
      const ticks = barLayout([{ day: '2026-11-25', messages: most, clicks: 0 }]).ticks;
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)!.value).toBeGreaterThanOrEqual(most);
    }
  });
});
