import type { AccountService } from '../account/account-service';
import type { CoreModule } from '../kernel/core-module';
import { createRefreshLoop } from '../refresh-loop';
import type { SessionManager } from '../session/session-manager';
import type { ConnectivityMonitor } from './connectivity-monitor';

export interface IdleProbeTimings {
  /** Look after this long without any service call. */
  quietMs: number;
  /** How often to check whether it has been that long. */
  tickMs: number;
}

/**
 * Quiet for 5 s, then a look: an outage shows on every page within about
 * 10 s (5 s of quiet, 1 s of tick, GET retries of about 3 s), not only on
 * pages that happen to make a request.
 */
export const IDLE_PROBE_TIMINGS: IdleProbeTimings = { quietMs: 5_000, tickMs: 1_000 };

/**
 * The connection indicator learns from every service call
 * (connectivity-monitor.ts); when the app has called nothing for a while,
 * this makes the cheapest useful call itself: the balance. So the probe is
 * also the balance's timer: online, it never gets older than a few seconds.
 */
export function createIdleProbe(
  deps: {
    session: SessionManager;
    account: AccountService;
    connectivity: ConnectivityMonitor;
    now: () => Date;
  },
  timings: IdleProbeTimings = IDLE_PROBE_TIMINGS,
): CoreModule<never> {
  const loop = createRefreshLoop({
    everyMs: timings.tickMs,
    tick: async () => {
      if (deps.session.profile === null) return;
      if (deps.now().getTime() - deps.connectivity.lastCallAt < timings.quietMs) return;
      await deps.account.refresh();
    },
  });
  return { handlers: {}, start: () => loop.start(), close: () => loop.close() };
}
