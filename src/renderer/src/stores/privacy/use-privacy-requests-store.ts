import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { InputOf } from '@shared/ipc-contract';
import type { PrivacyRequestsDueView, PrivacyRequestView } from '@shared/dto';
import { type ApiError, asApiError, call } from '@renderer/api';

/**
 * The register of the customers' privacy requests (Contatos › Pedidos de
 * titulares), open ones first by due date, and the ones due soon that the
 * overview warns of.
 */
export const usePrivacyRequestsStore = defineStore('privacyRequests', () => {
  const requests = ref<PrivacyRequestView[] | null>(null);
  const due = ref<PrivacyRequestsDueView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      requests.value = await call('privacyRequests:list', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** For the overview: a failure leaves the warning out rather than failing the page. */
  async function loadDue(): Promise<void> {
    try {
      due.value = await call('privacyRequests:due', {});
    } catch {
      due.value = null;
    }
  }

  async function add(input: InputOf<'privacyRequests:add'>): Promise<PrivacyRequestView> {
    const added = await call('privacyRequests:add', input);
    await load();
    return added;
  }

  async function answer(id: number, answerNote: string): Promise<void> {
    await call('privacyRequests:answer', { id, ...(answerNote.trim() ? { answerNote } : {}) });
    await load();
  }

  function clear(): void {
    requests.value = null;
    due.value = null;
    error.value = null;
  }

  return { requests, due, error, loading, load, loadDue, add, answer, clear };
});
