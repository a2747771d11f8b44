/**
 * Timers the server owns (fault delays and held connections), so that
 * close() can cancel every one of them at once.
 */
export class TimerSet {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  after(ms: number, fn: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.set(timer, () => {});
  }

  /** Resolves true after `ms`, or false at once when the set is cleared. */
  sleep(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(true);
      }, ms);
      this.timers.set(timer, () => resolve(false));
    });
  }

  clear(): void {
    this.closed = true;
    for (const [timer, cancel] of this.timers) {
      clearTimeout(timer);
      cancel();
    }
    this.timers.clear();
  }
}
