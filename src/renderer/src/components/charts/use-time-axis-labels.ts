import { computed, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { formatDayInWords } from '@renderer/composables/format-date-time';
import { tickLabel, type TimeAxis } from '../history/delivery-chart-data';

/**
 * What a time chart writes under and along its x axis: the day, when the
 * chart fits in one (the ticks are then times of day), and the ticks as
 * drawn, which the page also carries (tests and tools cannot read a canvas).
 */
export function useTimeAxisLabels(axis: Readonly<Ref<TimeAxis | null>>) {
  const { t, locale } = useI18n();
  const axisTitle = computed(() =>
    axis.value?.oneDay
      ? t('history.report.chartDay', { day: formatDayInWords(axis.value.min, locale.value) })
      : t('history.report.chartDays'),
  );
  const tickTexts = computed(
    () => axis.value?.ticks.map((tick) => tickLabel(tick, axis.value!, locale.value)) ?? [],
  );
  return { axisTitle, tickTexts };
}
