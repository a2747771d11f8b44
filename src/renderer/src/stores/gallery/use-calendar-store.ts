import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CalendarEntryView } from '@shared/dto/gallery';
import { type ApiError, asApiError, call } from '@renderer/api';

/**
 * The retail calendar (the overview's card, the composer's schedule hint):
 * this year's and next year's days, so December still shows January's.
 * Worded in the UI's language and with the owner's business's messages:
 * read again when either changes.
 */
export const useCalendarStore = defineStore('calendar', () => {
  const entries = ref<CalendarEntryView[] | null>(null);
  const error = ref<ApiError | null>(null);
  /** The year the entries start at. */
  const year = ref<number | null>(null);

  async function load(fromYear: number): Promise<void> {
    try {
      const [thisYear, nextYear] = await Promise.all([
        call('calendar:list', { year: fromYear }),
        call('calendar:list', { year: fromYear + 1 }),
      ]);
      entries.value = [...thisYear, ...nextYear];
      year.value = fromYear;
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    }
  }

  function clear(): void {
    entries.value = null;
    error.value = null;
    year.value = null;
  }

  return { entries, error, year, load, clear };
});
