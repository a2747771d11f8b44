import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { PairingCodeView, ServerStatusView, ServerSyncResult } from '@shared/dto/server';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';

/**
 * This computer's Torpedo Server (Configurações › Servidor): whether it is
 * paired, where, and how the last read of its events went. The core keeps
 * it current through `server:status` (a read in the background, a connect
 * from the CLI); connecting and disconnecting answer with the new status.
 */
export const useServerStore = defineStore('server', () => {
  const status = ref<ServerStatusView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  onScopeDispose(
    onEvent('server:status', (next) => {
      status.value = next;
      error.value = null;
    }),
  );

  async function load(): Promise<void> {
    loading.value = true;
    try {
      status.value = await call('server:status', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Pairs and points the account's webhook at the server. Throws an ApiError when it cannot (nothing is left half done). */
  async function connect(url: string, code: string): Promise<void> {
    status.value = await call('server:connect', { url, code });
    error.value = null;
  }

  /** Puts the account's webhook back as it was. Throws an ApiError when it cannot. */
  async function disconnect(): Promise<void> {
    status.value = await call('server:disconnect', {});
    error.value = null;
  }

  /** Reads the server's events now; the last read's time or trouble is read again either way. */
  async function sync(): Promise<ServerSyncResult> {
    try {
      return await call('server:sync', {});
    } finally {
      await load();
    }
  }

  /** A one-use code (10 minutes) for another computer; shown, never kept. */
  async function pairingCode(): Promise<PairingCodeView> {
    return call('server:pairingCode', {});
  }

  function clear(): void {
    status.value = null;
    error.value = null;
  }

  return { status, error, loading, load, connect, disconnect, sync, pairingCode, clear };
});
