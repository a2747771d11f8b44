import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BestHourView } from '@shared/dto/best-hour';
import { call } from '@renderer/api';

/**
 * The best hour to send (bestHour:get): when this shop's customers click and
 * answer, and the hour suggested inside the sending rules. Read when the
 * composer's schedule shows it; a failure only hides the suggestion (it is
 * help, not something the owner must have to send).
 */
export const useBestHourStore = defineStore('bestHour', () => {
  const view = ref<BestHourView | null>(null);

  async function load(): Promise<void> {
    try {
      view.value = await call('bestHour:get', {});
    } catch {
      view.value = null;
    }
  }

  return { view, load };
});
