import { computed, ref } from 'vue';

/**
 * Reads something again every `intervalMs` until it says it is done (a send
 * or a campaign still delivering). One read at a time: the next wait starts
 * when the read ends, so a slow core never stacks reads up.
 */
export function useFollow(
  intervalMs: number,
  isDone: () => boolean | undefined,
  read: () => Promise<unknown>,
) {
  const following = ref(false);
  let timer: ReturnType<typeof setTimeout> | null = null;

  function follow(): void {
    unfollow();
    following.value = true;
    const next = () => {
      timer = setTimeout(async () => {
        if (!following.value) return;
        if (isDone()) return void (following.value = false);
        await read();
        if (following.value) next();
      }, intervalMs);
    };
    next();
  }

  function unfollow(): void {
    following.value = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** Following something known (isDone answers true or false, not undefined) and not done yet. */
  const isFollowing = computed(() => following.value && isDone() === false);

  return { follow, unfollow, isFollowing };
}
