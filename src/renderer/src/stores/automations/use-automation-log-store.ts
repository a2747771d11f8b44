import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type {
  AutomationLogView,
  AutomationTestSendResult,
  ForecastView,
  OccurrenceRecipientsView,
} from '@shared/dto/automations';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';

/** Recipients shown per page of an occurrence. */
const PAGE = 100;

/**
 * One automation's page: its log (coming and past occurrences), its own 30
 * days ahead, the recipients of the occurrence opened, and a test send.
 */
export const useAutomationLogStore = defineStore('automationLog', () => {
  const id = ref<string | null>(null);
  const log = ref<AutomationLogView | null>(null);
  const forecast = ref<ForecastView | null>(null);
  const recipients = ref<OccurrenceRecipientsView | null>(null);
  const error = ref<ApiError | null>(null);

  async function load(automationId: string): Promise<void> {
    if (id.value !== automationId) {
      log.value = null;
      forecast.value = null;
      recipients.value = null;
    }
    id.value = automationId;
    try {
      const [read, ahead] = await Promise.all([
        call('automations:log', { id: automationId, limit: 120 }),
        call('automations:forecast', { id: automationId, days: 30 }),
      ]);
      // An answer for an automation the page has left is dropped.
      if (id.value !== automationId) return;
      log.value = read;
      forecast.value = ahead;
      error.value = null;
    } catch (failure) {
      if (id.value === automationId) error.value = asApiError(failure);
    }
  }

  /** Who an occurrence is (or was) for; `null` closes it. */
  async function openOccurrence(date: string | null, offset = 0): Promise<void> {
    if (date === null || id.value === null) {
      recipients.value = null;
      return;
    }
    recipients.value = await call('automations:recipients', { id: id.value, date, offset, limit: PAGE });
  }

  /** Throws an ApiError when it cannot. */
  async function testSend(phone: string): Promise<AutomationTestSendResult> {
    return call('automations:testSend', { id: id.value!, phone });
  }

  onScopeDispose(
    onEvent('automations:changed', ({ automationIds }) => {
      if (id.value !== null && automationIds.includes(id.value)) void load(id.value);
    }),
  );

  function clear(): void {
    id.value = null;
    log.value = null;
    forecast.value = null;
    recipients.value = null;
    error.value = null;
  }

  return { id, log, forecast, recipients, error, load, openOccurrence, testSend, clear, PAGE };
});
