import { type Ref, ref } from 'vue';
import { type ApiError, asApiError } from '@renderer/api';

/**
 * One thing read from the core for whatever `key` names (the open send,
 * the open campaign): its value, its error and whether a read is out. An
 * answer that arrives after the key changed (the user opened another one)
 * is dropped, so a slow read never shows one send's numbers on another's page.
 */
export function useKeyedLoad<T>(key: Ref<string | null>, read: (key: string) => Promise<T>) {
  const value = ref<T | null>(null) as Ref<T | null>;
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  /** Reads again; true when the answer was kept (false: failed, nothing open, or the key moved on). */
  async function load(): Promise<boolean> {
    const at = key.value;
    if (at === null) return false;
    loading.value = true;
    try {
      const next = await read(at);
      if (key.value !== at) return false;
      value.value = next;
      error.value = null;
      return true;
    } catch (failure) {
      if (key.value === at) error.value = asApiError(failure);
      return false;
    } finally {
      loading.value = false;
    }
  }

  function reset(): void {
    value.value = null;
    error.value = null;
  }

  return { value, error, loading, load, reset };
}
