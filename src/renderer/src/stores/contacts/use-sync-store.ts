import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  BroughtListView,
  ServiceListView,
  SyncListStatus,
  SyncProgressView,
  SyncRunResult,
  SyncStatusView,
} from '@shared/dto/sync';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';

/**
 * Contact sync with the service, per list: which lists sync, their state, and
 * the run under way (followed through `sync:progress`). The Lists page reads it.
 */
export const useSyncStore = defineStore('sync', () => {
  const status = ref<SyncStatusView | null>(null);
  const progress = ref<SyncProgressView | null>(null);
  /** How the last run this window asked for (or saw end) ended. */
  const lastResult = ref<SyncRunResult | null>(null);
  const error = ref<ApiError | null>(null);
  /** Lists whose switch is being changed (their switch shows it and ignores clicks). */
  const switching = ref(new Set<string>());
  /** The service's lists Torpedo does not have ("On SMSGo only"); null until read. */
  const serviceLists = ref<ServiceListView[] | null>(null);
  const serviceListsError = ref<ApiError | null>(null);
  const loadingServiceLists = ref(false);
  /** Service lists being brought in (their button shows it and ignores clicks). */
  const bringing = ref(new Set<string>());

  const byList = computed(() => new Map((status.value?.lists ?? []).map((list) => [list.listId, list])));
  const running = computed(() => progress.value?.state === 'running');
  const anyEnabled = computed(() => (status.value?.lists ?? []).some((list) => list.enabled));

  onScopeDispose(
    onEvent('sync:progress', (view) => {
      progress.value = view;
      // A run ended (maybe a background one): the lists' state changed.
      if (view.state !== 'running') void load();
    }),
  );

  async function load(): Promise<void> {
    try {
      const next = await call('sync:status', {});
      status.value = next;
      if (next.progress) progress.value = next.progress;
      else if (progress.value?.state === 'running') progress.value = null;
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    }
  }

  function put(list: SyncListStatus): void {
    if (!status.value) return;
    status.value = {
      ...status.value,
      lists: [...status.value.lists.filter((l) => l.listId !== list.listId), list],
    };
  }

  /** Throws an ApiError when the core refuses. */
  async function setList(listId: string, enabled: boolean): Promise<SyncListStatus> {
    switching.value = new Set([...switching.value, listId]);
    try {
      const list = await call('sync:setList', { listId, enabled });
      put(list);
      return list;
    } finally {
      switching.value = new Set([...switching.value].filter((id) => id !== listId));
    }
  }

  /** Reads the service's lists now (a request to SMSGo, so only when the Lists page asks). */
  async function loadServiceLists(): Promise<void> {
    loadingServiceLists.value = true;
    try {
      serviceLists.value = await call('sync:serviceLists', {});
      serviceListsError.value = null;
    } catch (failure) {
      serviceListsError.value = asApiError(failure);
    } finally {
      loadingServiceLists.value = false;
    }
  }

  /** Throws an ApiError when the core refuses. The sync that brings its contacts runs in the background. */
  async function bringList(remoteId: string): Promise<BroughtListView> {
    bringing.value = new Set([...bringing.value, remoteId]);
    try {
      const brought = await call('sync:bringList', { remoteId });
      put(brought.status);
      serviceLists.value = (serviceLists.value ?? []).filter((l) => l.remoteId !== remoteId);
      return brought;
    } finally {
      bringing.value = new Set([...bringing.value].filter((id) => id !== remoteId));
    }
  }

  /** Syncs every synced list now; resolves when the run ends (its progress arrives meanwhile). */
  async function runNow(): Promise<SyncRunResult> {
    const result = await call('sync:run', {});
    lastResult.value = result;
    await load();
    return result;
  }

  async function cancel(): Promise<void> {
    await call('sync:cancel', {});
  }

  function clear(): void {
    status.value = null;
    progress.value = null;
    lastResult.value = null;
    error.value = null;
    serviceLists.value = null;
    serviceListsError.value = null;
  }

  return {
    status,
    progress,
    lastResult,
    error,
    switching,
    serviceLists,
    serviceListsError,
    loadingServiceLists,
    bringing,
    byList,
    running,
    anyEnabled,
    load,
    setList,
    runNow,
    cancel,
    loadServiceLists,
    bringList,
    clear,
  };
});
