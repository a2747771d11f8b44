import { Chart, type ChartConfiguration, type ChartType } from 'chart.js';
import { useThemeVars } from 'naive-ui';
import { markRaw, onBeforeUnmount, onMounted, watch, type Ref, type WatchSource } from 'vue';
import { useI18n } from 'vue-i18n';

/**
 * A chart.js chart on a canvas, drawn when mounted and again when its data,
 * the theme or the language change (cheap at a few hundred points), and
 * destroyed with the component. `config` is read at each drawing; it returns
 * null when there is nothing to draw. Without a 2D context (a test DOM
 * without canvas) nothing is drawn: the canvas's label and the tables say it all.
 */
export function useChart<T extends ChartType>(
  canvas: Readonly<Ref<HTMLCanvasElement | null>>,
  config: () => ChartConfiguration<T> | null,
  data: WatchSource,
): void {
  const vars = useThemeVars();
  const { locale } = useI18n();
  let chart: Chart<T> | null = null;

  function draw(): void {
    const element = canvas.value;
    const next = element?.getContext('2d') ? config() : null;
    chart?.destroy();
    chart = element && next ? markRaw(new Chart(element, next)) : null;
  }

  onMounted(draw);
  watch([data, vars, locale], draw);
  onBeforeUnmount(() => {
    chart?.destroy();
    chart = null;
  });
}
