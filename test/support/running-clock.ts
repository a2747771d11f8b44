/**
 * A core's clock that starts at a chosen instant and runs on in real time,
 * and that a test can move on to a later instant (the hour a waiting batch
 * leaves), from where it runs on again.
 */
export function runningClock(start: number) {
  const started = Date.now();
  let skipped = 0;
  const now = () => new Date(start + (Date.now() - started) + skipped);
  return {
    now,
    /** Moves the clock on to `iso`. */
    moveTo: (iso: string) => {
      skipped += Date.parse(iso) - now().getTime();
    },
  };
}
