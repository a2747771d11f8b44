/** The background loop's rules: one round at a time, a failing round does not stop it, close waits. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRefreshLoop } from '@core/refresh-loop';

afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('refresh loop', () => {
  it('never runs two rounds at once, goes on after a failure, and close waits for the round in flight', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const rounds: ReturnType<typeof deferred>[] = [];
    const errors: unknown[] = [];
    const loop = createRefreshLoop({
      everyMs: 1000,
      tick: () => {
        const round = deferred();
        rounds.push(round);
        return rounds.length === 2
          ? round.promise.then(() => Promise.reject(new Error('boom')))
          : round.promise;
      },
      onError: (error) => errors.push(error),
    });
    expect(loop.started).toBe(false);
    loop.start();
    loop.start();
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(1000);
    expect(rounds).toHaveLength(1);
    // The first round is still running: later beats are skipped, not queued.
    vi.advanceTimersByTime(3000);
    expect(rounds).toHaveLength(1);
    rounds[0]!.resolve();
    await rounds[0]!.promise;
    await Promise.resolve();

    vi.advanceTimersByTime(1000);
    expect(rounds).toHaveLength(2);
    rounds[1]!.resolve();
    await vi.waitFor(() => expect(errors).toHaveLength(1));

    vi.advanceTimersByTime(1000);
    expect(rounds).toHaveLength(3);
    let closed = false;
    const closing = loop.close().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    rounds[2]!.resolve();
    await closing;
    expect(closed).toBe(true);
    expect(loop.started).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(rounds).toHaveLength(3);
  });
});
