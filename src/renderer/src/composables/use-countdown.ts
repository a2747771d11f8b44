import { computed, onScopeDispose, ref, watch, type Ref } from 'vue';

/** Whole seconds from `now` until `until` (epoch ms), never negative; 0 when there is nothing to wait for. */
export const secondsUntil = (until: number | null, now: number): number =>
  until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

/**
 * A live countdown to `until` (epoch ms): ticks once a second while there is
 * time left, and stops by itself at zero.
 */
export function useCountdown(until: Ref<number | null>) {
  const now = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    now.value = Date.now();
    if (secondsUntil(until.value, now.value) === 0) stop();
  };
  watch(
    until,
    () => {
      stop();
      now.value = Date.now();
      if (secondsUntil(until.value, now.value) > 0) timer = setInterval(tick, 1000);
    },
    { immediate: true },
  );
  onScopeDispose(stop);
  return computed(() => secondsUntil(until.value, now.value));
}
