/**
 * Runs `tick` every `everyMs` while started, never two at once (a slow tick
 * makes the next one wait for its turn rather than pile up). `close` stops
 * the timer and waits for the tick in flight, so the database can close
 * right after. A failing tick is reported and the loop goes on.
 */
export function createRefreshLoop(options: {
  everyMs: number;
  tick: () => Promise<void>;
  onError?: (error: unknown) => void;
}) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;

  const runOnce = (): Promise<void> => {
    if (running) return running;
    running = options
      .tick()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    start(): void {
      if (timer !== null) return;
      timer = setInterval(() => void runOnce(), options.everyMs);
      // Background work must not keep a CLI or test process alive.
      timer.unref?.();
    },
    get started(): boolean {
      return timer !== null;
    },
    async close(): Promise<void> {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
