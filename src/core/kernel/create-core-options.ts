import type { PurchaseTimings } from '../billing/purchase/purchase-service';
import type { AutomationPorts } from '../automations/automations-module';
import type { IdleProbeTimings } from '../connectivity/idle-probe';
import type { CoreOptions } from './core';
import type { Migration } from '../db/migrations/types';
import type { InboxIntake } from '../inbox/inbox-module';

/** What a host says when it starts a core (create-core.ts): the shared options and the tools' and tests' own. */
export interface CreateCoreOptions extends CoreOptions {
  /**
   * Waits of the purchase reconciliation and payment watch; tests shorten
   * them. Default: TORPEDO_PURCHASE_TIMINGS in `env`, else the app's own.
   */
  billingTimings?: Partial<PurchaseTimings>;
  /**
   * The environment, for what tests and benchmarks tune through it:
   * TORPEDO_PURCHASE_TIMINGS, TORPEDO_LOG_LEVEL for a log the core opens, and TORPEDO_CLOCK
   * (env-clock.ts) when no `now` is given. Default process.env.
   */
  env?: NodeJS.ProcessEnv;
  /**
   * The name of the log file the core opens when the host brings no `log`:
   * `torpedo` (default) for the app, `cli` for the command line, so two
   * processes on one data folder never rotate the same file.
   */
  logName?: string;
  /** Values no log line may hold besides the session's own (an account key typed on a command line). */
  logSecrets?: () => readonly string[];
  /**
   * For tools that only touch local data (the CLI's import): do not sign in
   * at start (no keychain, no demo sandbox); the local-data channels act on
   * the folder's last signed-in profile, else the account profile (`default`).
   */
  localOnly?: boolean;
  /**
   * Start the domains' background work (the outbox worker, contact sync)
   * after sign-in; default true. The CLI turns it off for one-shot commands,
   * so `torpedo balance` never starts sending a queued campaign.
   */
  background?: boolean;
  /**
   * While the app is open and nothing else talks to the service, look at it
   * every few seconds (connectivity/idle-probe.ts), so the connection
   * indicator and the balance stay true on every page. The app turns it on;
   * the CLI and most tests leave it off. Timings: tests shorten them.
   */
  idleProbe?: boolean | IdleProbeTimings;
  /** The schema steps; tests pass a list with a broken one to prove a failed update loses nothing. */
  migrations?: readonly Migration[];
  /**
   * Tests only: where the automations find their segments and templates
   * instead of those domains (a stand-in segment or template).
   */
  automationSources?: Partial<Pick<AutomationPorts, 'templates' | 'segments'>>;
  /** Tests only: where the server domain hands the replies it reads, instead of the inbox domain. */
  inboxIntake?: InboxIntake;
}
