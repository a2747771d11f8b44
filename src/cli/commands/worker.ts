/**
 * `torpedo worker [--data-dir DIR] [--base-url URL --key KEY] [--until-idle] [--json]`
 *
 * Runs the same outbox worker as the desktop app on a data folder: it
 * delivers queued campaigns, reconciles any batch a crash left in flight,
 * and waits out holds that lift by themselves. Only one worker delivers a
 * folder at a time (a lease); a second one waits its turn, so running this
 * beside the app is safe.
 *
 * Without --until-idle it runs until SIGINT/SIGTERM, then lets the request in
 * flight settle and records it. With --until-idle it exits once nothing is
 * left that it can send by itself: exit 0 when every campaign is finished (or
 * paused by the user), 3 when some are held (for credit, the sending hours, a
 * sign-in, or a batch that keeps failing); the summary says why.
 *
 * A worker that cannot go on (a full disk, a data folder it cannot write, a
 * damaged file) says so and keeps trying; with --until-idle it stops instead,
 * after the request in flight is recorded, and exits 4 with the cause and
 * what to do (nothing is lost: the next run reconciles and goes on). It never
 * hangs on the way out: every part closes whatever another one threw.
 *
 * Progress goes to stderr, one line per change, and what it waits for (the
 * other worker holding the folder, a stalled delivery); --json prints a
 * summary `{idle, stopped, stalled, campaigns: [{id, name, status, hold,
 * batches, messages}]}` on stdout at the end. The worker's waits can be shortened for tests with
 * TORPEDO_DELIVERY_TIMINGS (see core/campaigns/delivery/delivery-timings.ts).
 */
import { join } from 'node:path';
import type { CampaignProgressView, DeliveryStallView } from '../../shared/dto/campaigns';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { createOutboxStatusReader, type OutboxStatus } from '../../core/campaigns/outbox/outbox-status';
import type { Core } from '../../core/core';
import { DATABASE_FILE } from '../../core/create-core';
import { openDatabase, type Database } from '../../core/db/open-database';
import { createSettingsRepo } from '../../core/db/settings-repo';
import { ACCOUNT_PROFILE } from '../../core/session/session-manager';
import { loadSavedSession } from '../../core/session/session-store';
import { createCliHost } from '../cli-host';
import type { CommandContext } from '../command';
import { connectionOf, parseCommand, type Connection } from '../common-options';
import { CoreFailure, openCore } from '../open-core';
import { inTerminalWords, printError, printJson } from '../output';
import { watchWorker } from './worker-watch';
import { EXIT } from '../usage';

/** --until-idle ended with campaigns held: they wait for something (credit, the hours, a sign-in, the user). */
export const EXIT_HELD = 3;
/** --until-idle stopped because the delivery could not go on (a full disk...): the cause was said. */
export const EXIT_STALLED = 4;
/** How often --until-idle looks at the outbox. */
const POLL_MS = 250;
const SIGN_IN_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export async function workerCommand(args: string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommand(args, { 'until-idle': { type: 'boolean' } });
  if (values.help) return ctx.help();
  const connection = connectionOf(values, ctx.env);
  const untilIdle = values['until-idle'] ?? false;
  const { output } = ctx;
  const stop = stopSignal();
  const started = new Date().toISOString();

  const core = await openWhenReachable(connection, ctx, stop);
  if (!core) {
    stop.dispose();
    return EXIT.ok;
  }
  let db: Database | undefined;
  let closed = false;
  const closeCore = async () => {
    if (closed) return;
    closed = true;
    await core.close();
  };
  try {
    db = openDatabase(join(connection.dataDir, DATABASE_FILE));
    const session = await core.dispatch('session:get', {});
    if (!session.ok || !session.value.signedIn) {
      printError(
        output,
        {
          code: APP_ERROR_CODES.notSignedIn,
          message: 'No account: sign in in the desktop app, or give --key (or TORPEDO_KEY).',
        },
        connection.json,
      );
      return EXIT.failed;
    }
    const profile = connection.explicit
      ? ACCOUNT_PROFILE
      : (loadSavedSession(createSettingsRepo(db))?.profile ?? ACCOUNT_PROFILE);
    const status = createOutboxStatusReader(db);
    const names = db.prepare<[string], string>('SELECT name FROM campaigns WHERE id = ?').pluck();
    const printed = new Map<string, string>();
    const watch = watchWorker(output, createSettingsRepo(db), connection.dataDir);
    const unsubscribe = core.onEvent((event, payload) => {
      if (event === 'campaigns:deliveryStalled') watch.stalled(payload as DeliveryStallView | null);
      if (event !== 'campaigns:progress') return;
      const line = progressLine(payload as CampaignProgressView, (id) => names.get(id) ?? id);
      const view = payload as CampaignProgressView;
      if (printed.get(view.campaignId) === line) return;
      printed.set(view.campaignId, line);
      output.err(`${new Date().toISOString().slice(11, 19)} ${line}`);
    });

    output.err(`Worker started on ${connection.dataDir}${untilIdle ? ' (until idle)' : ''}.`);
    // Reading the balance lifts at once the credit holds it now covers (a purchase since the last run),
    // so --until-idle does not mistake them for campaigns still waiting.
    await core.dispatch('account:balance', {});
    let final: OutboxStatus;
    let stalled: DeliveryStallView | null = null;
    for (;;) {
      final = status(profile, started, new Date());
      if (untilIdle && final.idle) break;
      watch.lease();
      stalled = untilIdle ? watch.fatal(new Date()) : null;
      if (stalled) break;
      if (await stop.within(POLL_MS)) break;
    }
    unsubscribe();
    const stopped = stop.fired;
    // Let the request in flight settle and be recorded before reporting.
    await closeCore();
    final = status(profile, started, new Date());
    report(ctx, connection, final, stopped, stalled);
    if (stalled) return EXIT_STALLED;
    if (stopped || !untilIdle) return EXIT.ok;
    return final.campaigns.some((c) => c.status === 'held') ? EXIT_HELD : EXIT.ok;
  } finally {
    stop.dispose();
    db?.close();
    await closeCore().catch(() => undefined);
  }
}

/** Opens the core signed in; while the service cannot be reached, waits and tries again (null: stopped meanwhile). */
async function openWhenReachable(
  connection: Connection,
  ctx: CommandContext,
  stop: StopSignal,
): Promise<Core | null> {
  const host = createCliHost((line) => ctx.output.err(line));
  for (let attempt = 0; ; attempt++) {
    try {
      return await openCore(connection, host, ctx.output, true, ctx.env);
    } catch (error) {
      if (!(error instanceof CoreFailure) || error.error.code !== APP_ERROR_CODES.networkError) throw error;
      const wait = SIGN_IN_RETRY_MS[Math.min(attempt, SIGN_IN_RETRY_MS.length - 1)]!;
      ctx.output.err(`The service cannot be reached; trying again in ${wait / 1000} s.`);
      if (await stop.within(wait)) return null;
    }
  }
}

function progressLine(view: CampaignProgressView, nameOf: (id: string) => string): string {
  const b = view.batches;
  const count = `${view.messages.accepted}/${view.messages.total} messages accepted`;
  const batches =
    `batches: ${b.accepted} accepted, ${b.sending} sending, ${b.queued} queued` +
    (b.held ? `, ${b.held} held` : '') +
    (b.failed ? `, ${b.failed} failed` : '') +
    (b.cancelled ? `, ${b.cancelled} cancelled` : '');
  const hold = view.hold ? ` (${view.hold.code}: ${view.hold.message})` : '';
  return `${nameOf(view.campaignId)}: ${view.status}${hold}, ${count}; ${batches}`;
}

function report(
  ctx: CommandContext,
  connection: Connection,
  status: OutboxStatus,
  stopped: boolean,
  stalled: DeliveryStallView | null,
): void {
  const why = stalled
    ? inTerminalWords(
        {
          code: stalled.code,
          message: stalled.message,
          ...(stalled.reason ? { details: { reason: stalled.reason } } : {}),
        },
        ctx.output.language,
        connection.dataDir,
      )
    : null;
  if (connection.json) {
    printJson(ctx.output, {
      idle: status.idle,
      stopped,
      stalled: why ? { code: why.code, message: why.message, reason: stalled?.reason ?? null } : null,
      campaigns: status.campaigns,
    });
    return;
  }
  if (why) ctx.output.err(`Error (${why.code}): ${why.message}`);
  for (const c of status.campaigns) {
    const hold = c.hold ? ` (${c.hold.code}: ${c.hold.message})` : '';
    ctx.output.err(
      `${c.name}: ${c.status}${hold}, ${c.messages.accepted}/${c.messages.total} messages accepted`,
    );
  }
  ctx.output.err(
    stalled
      ? 'Worker stopped: the delivery cannot go on (above). Nothing was lost; run it again once that is fixed.'
      : stopped
        ? 'Worker stopped.'
        : status.idle
          ? 'Nothing left to send.'
          : 'Worker stopped.',
  );
}

interface StopSignal {
  readonly fired: boolean;
  /** Resolves true as soon as a stop is asked for, false after `ms`. */
  within(ms: number): Promise<boolean>;
  dispose(): void;
}

/** SIGINT/SIGTERM end the worker gracefully (the request in flight is recorded). */
function stopSignal(): StopSignal {
  let fired = false;
  const waiting = new Set<() => void>();
  const fire = () => {
    fired = true;
    for (const wake of waiting) wake();
  };
  process.on('SIGINT', fire);
  process.on('SIGTERM', fire);
  return {
    get fired() {
      return fired;
    },
    within: (ms) =>
      fired
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              waiting.delete(wake);
              resolve(fired);
            };
            const timer = setTimeout(wake, ms);
            waiting.add(wake);
          }),
    dispose: () => {
      process.off('SIGINT', fire);
      process.off('SIGTERM', fire);
    },
  };
}
