/**
 * The core its hosts hold for the whole run (reopenable-core.ts): a reopen
 * closes the core, runs the work, starts a new one; listeners stay
 * subscribed, and calls made meanwhile wait for the new core instead of
 * reaching the closed one.
 */
import { describe, expect, it } from 'vitest';
import type { Core, EventListener } from '@core/kernel/core';
import { reopenableCore, type Reopen } from '@core/kernel/reopenable-core';

/** A stand-in core: answers its generation, emits on demand, says when it is closed. */
function fakeCore(generation: number, log: string[]) {
  const listeners = new Set<EventListener>();
  let closed = false;
  const core = {
    dispatch: async () => {
      if (closed) throw new Error(`core ${generation} is closed`);
      return { ok: true, value: generation };
    },
    dispatchUntrusted: async () => ({ ok: true, value: generation }),
    onEvent: (listener: EventListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      log.push(`closed ${generation}`);
    },
    emit: () => listeners.forEach((l) => l('balance:changed', generation as never)),
  };
  return core as unknown as Core & { emit(): void };
}

describe('reopenableCore', () => {
  it('restarts around the work; listeners follow; calls made meanwhile reach the new core', async () => {
    const log: string[] = [];
    const made: (Core & { emit(): void })[] = [];
    let reopen!: Reopen;
    const core = await reopenableCore(
      async (r) => {
        reopen = r;
        const next = fakeCore(made.length + 1, log);
        made.push(next);
        return next;
      },
      async () => void log.push('after close'),
    );
    const heard: unknown[] = [];
    core.onEvent((_event, payload) => heard.push(payload));
    made[0]!.emit();

    let release!: () => void;
    const work = reopen(
      () =>
        new Promise<string>((resolve) => {
          log.push('work');
          release = () => resolve('done');
        }),
    );
    await Promise.resolve();
    const meanwhile = core.dispatch('app:info', {});
    release();
    expect(await work).toBe('done');
    expect(await meanwhile).toEqual({ ok: true, value: 2 });
    made[0]!.emit();
    made[1]!.emit();
    expect(heard).toEqual([1, 2]);
    await core.close();
    expect(log).toEqual(['closed 1', 'work', 'closed 2', 'after close']);
  });
});
