import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { ListView, SavedSegmentView } from '@shared/dto';
import type { AutomationView, ForecastView } from '@shared/dto/automations';
import type { TemplateView } from '@shared/dto/templates';
import type { InputOf } from '@shared/ipc-contract';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';

/** How far ahead a day the balance does not cover raises the low-balance warning. */
const WARN_DAYS = 7;

/**
 * The Automations page: the automations with their next occurrence, the
 * 30 days ahead of all of them together (and how far the balance covers
 * them: the header's low-balance warning reads it too), and the templates
 * and lists the form offers.
 */
export const useAutomationsStore = defineStore('automations', () => {
  const list = ref<AutomationView[] | null>(null);
  const forecast = ref<ForecastView | null>(null);
  const templates = ref<TemplateView[]>([]);
  const lists = ref<ListView[]>([]);
  const segments = ref<SavedSegmentView[]>([]);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      const [all, ahead] = await Promise.all([
        call('automations:list', {}),
        call('automations:forecast', { days: 30 }),
      ]);
      list.value = all;
      forecast.value = ahead;
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Only the forecast (the header's warning, after sign-in and when the balance changes). */
  async function loadForecast(): Promise<void> {
    try {
      forecast.value = await call('automations:forecast', { days: 30 });
    } catch {
      // The warning is a courtesy: the page says what went wrong when it is opened.
    }
  }

  /** What the form offers: the templates, the lists and the segments. */
  async function loadChoices(): Promise<void> {
    [templates.value, lists.value, segments.value] = await Promise.all([
      call('templates:list', {}),
      call('lists:list', {}),
      call('segments:list', {}),
    ]);
  }

  /** Throws an ApiError (fields named) when the core refuses. */
  async function create(input: InputOf<'automations:create'>): Promise<AutomationView> {
    const made = await call('automations:create', input);
    await load();
    return made;
  }
  async function update(input: InputOf<'automations:update'>): Promise<AutomationView> {
    const saved = await call('automations:update', input);
    await load();
    return saved;
  }
  async function setPaused(id: string, paused: boolean): Promise<AutomationView> {
    const changed = await call(paused ? 'automations:pause' : 'automations:resume', { id });
    await load();
    return changed;
  }
  async function remove(id: string): Promise<void> {
    await call('automations:delete', { id });
    await load();
  }

  /**
   * The first day within a week the balance will not cover (or will fall
   * under the low-balance alert): the warning comes before the day, not after.
   */
  const balanceAhead = computed((): { date: string; short: boolean } | null => {
    const f = forecast.value;
    if (!f) return null;
    const date = f.shortOn ?? f.lowBalanceOn;
    if (date === null) return null;
    const limit = new Date(`${f.from}T12:00:00Z`);
    limit.setUTCDate(limit.getUTCDate() + WARN_DAYS);
    return date <= limit.toISOString().slice(0, 10) ? { date, short: f.shortOn !== null } : null;
  });

  // A round handed over or skipped something, or the balance moved: what is shown may be out of date.
  onScopeDispose(onEvent('automations:changed', () => void (list.value ? load() : loadForecast())));
  onScopeDispose(onEvent('balance:changed', () => void loadForecast()));

  function clear(): void {
    list.value = null;
    forecast.value = null;
    templates.value = [];
    lists.value = [];
    segments.value = [];
    error.value = null;
  }

  return {
    list,
    forecast,
    templates,
    lists,
    segments,
    error,
    loading,
    balanceAhead,
    load,
    loadForecast,
    loadChoices,
    create,
    update,
    setPaused,
    remove,
    clear,
  };
});
