/**
 * Waits that never keep the process alive (unref'd: the CLI exits when its work
 * is done) and that all end at once on `close()`, which is how the core stops
 * its background checks when the app quits or the account changes.
 */
export class Sleeper {
  private readonly waits = new Map<NodeJS.Timeout, (finished: boolean) => void>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  /** Resolves true after `ms`, or false at once if closed meanwhile (the caller should stop). */
  sleep(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waits.delete(timer);
          resolve(true);
        },
        Math.max(0, ms),
      );
      timer.unref();
      this.waits.set(timer, resolve);
    });
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve(false);
    }
    this.waits.clear();
  }
}
