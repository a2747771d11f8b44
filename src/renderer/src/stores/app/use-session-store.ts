import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { SessionInfo } from '@shared/dto';
import type { InputOf } from '@shared/ipc-contract';
import { call, onEvent } from '@renderer/api';

/** Who is signed in, in which mode, and where the key is kept. Follows `session:changed`. */
export const useSessionStore = defineStore('session', () => {
  const info = ref<SessionInfo | null>(null);
  let loading: Promise<void> | null = null;

  const signedIn = computed(() => info.value?.signedIn === true);
  const mode = computed(() => info.value?.mode ?? null);

  onScopeDispose(onEvent('session:changed', (next) => (info.value = next)));

  /** Reads the session once (the router guard waits on this before the first screen). */
  function ensureLoaded(): Promise<void> {
    loading ??= call('session:get', {}).then(
      (next) => {
        info.value = next;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  /** Throws an ApiError: `keychain_unavailable` asks the user before retrying with `allowMemoryOnly`. */
  async function signIn(input: InputOf<'session:signIn'>): Promise<void> {
    info.value = await call('session:signIn', input);
  }

  async function startDemo(): Promise<void> {
    info.value = await call('session:startDemo', {});
  }

  async function signOut(deleteLocalData: boolean): Promise<void> {
    info.value = await call('session:signOut', { deleteLocalData });
  }

  async function resetDemo(): Promise<void> {
    info.value = await call('demo:reset', {});
  }

  return { info, signedIn, mode, ensureLoaded, signIn, startDemo, signOut, resetDemo };
});
