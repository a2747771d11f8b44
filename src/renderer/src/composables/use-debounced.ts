import { getCurrentScope, onScopeDispose } from 'vue';

/** How long typing in a search field pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface Debounced<A extends unknown[]> {
  /** Runs `run` with these arguments once no other call came for the delay; an earlier pending call is dropped. */
  (...args: A): void;
  /** Drops the pending call, if any. */
  cancel(): void;
}

/**
 * `run`, called only once the calls pause for `delayMs`. A plain function
 * rather than a component, so stores can use it too (they never import
 * components); inside a component or a store, the pending call is dropped
 * when that scope ends, so nothing runs after the page has gone.
 */
export function useDebounced<A extends unknown[]>(
  run: (...args: A) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: A) => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      run(...args);
    }, delayMs);
  };
  if (getCurrentScope()) onScopeDispose(cancel);
  return Object.assign(debounced, { cancel });
}
