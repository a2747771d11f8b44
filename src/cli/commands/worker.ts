/**
 * `torpedo worker [--data-dir DIR] [--base-url URL --key KEY] [--until-idle] [--json]`
 *
 * Runs the same outbox worker as the desktop app on a data folder: it hands
 * over what the automations have due within 36 hours, delivers queued
 * campaigns, reconciles any batch a crash left in flight,
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
 * hangs on the way out: every part of the core closes whatever another threw.
 *
 * Progress goes to stderr, one line per change, and what it waits for (the
 * other worker holding the folder, a stalled delivery); --json prints a
 * summary `{idle, stopped, stalled, campaigns: [{id, name, status, hold,
 * batches, messages}]}` on stdout at the end. The worker's waits can be
 * shortened for tests with TORPEDO_DELIVERY_TIMINGS (see
 * core/campaigns/delivery/delivery-timings.ts).
 */
import { clockStamp } from '../clock-stamp';
import type { Core } from '../../core/kernel/create-core';
import type { CampaignProgressView, DeliveryStallView, OutboxView } from '../../shared/dto/campaigns';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { CommandContext } from '../command';
import { connectionOf, parseCommand, type Connection } from '../common-options';
import { CoreFailure } from '../open-core';
import { printError, printJson } from '../output';
import { ok } from '../step';
import { EXIT } from '../usage';
import { stallWords, watchWorker } from './worker-watch';

/** --until-idle ended with campaigns held: they wait for something (credit, the hours, a sign-in, the user). */
export const EXIT_HELD = 3;
/** --until-idle stopped because the delivery could not go on (a full disk...): the cause was said. */
export const EXIT_STALLED = 4;
/** How often the worker looks at the outbox (idle yet? stalled? another worker holding the folder?). */
const POLL_MS = 250;
const SIGN_IN_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export async function workerCommand(args: string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommand(args, { 'until-idle': { type: 'boolean' } });
  if (values.help) return ctx.help();
  const connection = connectionOf(values, ctx.env);
  const untilIdle = values['until-idle'] ?? false;
  const stop = stopSignal();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await ctx.withCore(connection, (core) => deliver(core, ctx, connection, untilIdle, stop), {
          background: true,
        });
      } catch (error) {
        // The service cannot be reached to sign in: wait and try again (until stopped).
        if (!(error instanceof CoreFailure) || error.error.code !== APP_ERROR_CODES.networkError) throw error;
        const wait = SIGN_IN_RETRY_MS[Math.min(attempt, SIGN_IN_RETRY_MS.length - 1)]!;
        ctx.output.err(`The service cannot be reached; trying again in ${wait / 1000} s.`);
        if (await stop.within(wait)) return EXIT.ok;
      }
    }
  } finally {
    stop.dispose();
  }
}

/** The worker's run on a signed-in core delivering in the background: progress lines, then the summary. */
async function deliver(
  core: Core,
  ctx: CommandContext,
  connection: Connection,
  untilIdle: boolean,
  stop: StopSignal,
): Promise<number> {
  const { output } = ctx;
  const started = new Date().toISOString();
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
  const outbox = async () => ok<OutboxView>(await core.dispatch('campaigns:outbox', { since: started }));
  const names = new Map<string, string>();
  const nameOf = async (id: string) => {
    if (!names.has(id)) {
      const campaign = await core.dispatch('campaigns:get', { id });
      names.set(id, campaign.ok ? campaign.value.name : id);
    }
    return names.get(id)!;
  };
  // Lines in the order the events came, each with its campaign's name (read once).
  let printing = Promise.resolve();
  const printed = new Map<string, string>();
  const unsubscribe = core.onEvent((event, payload) => {
    if (event !== 'campaigns:progress') return;
    const view = payload as CampaignProgressView;
    printing = printing.then(async () => {
      const line = progressLine(view, await nameOf(view.campaignId));
      if (printed.get(view.campaignId) === line) return;
      printed.set(view.campaignId, line);
      output.err(`${clockStamp()} ${line}`);
    });
  });

  output.err(`Worker started on ${connection.dataDir}${untilIdle ? ' (until idle)' : ''}.`);
  // Reading the balance lifts at once the credit holds it now covers (a purchase since the last run),
  // so --until-idle does not mistake them for campaigns still waiting.
  await core.dispatch('account:balance', {});
  await handOverAutomations(core, output);
  const watch = watchWorker(output, connection.dataDir);
  let stalled: DeliveryStallView | null = null;
  let last: OutboxView;
  for (;;) {
    const view = (last = await outbox());
    watch.saw(view);
    if (untilIdle && view.idle) break;
    stalled = untilIdle ? watch.fatal(new Date()) : null;
    if (stalled) break;
    if (await stop.within(POLL_MS)) break;
  }
  const stopped = stop.fired;
  unsubscribe();
  await printing;
  // Let the request in flight settle and be recorded before reporting (on a full disk its last writes
  // may fail: stopBackground logs that and goes on).
  await core.stopBackground();
  // The last look stands in when the outbox cannot be read any more (the folder's trouble was said).
  const after = await core.dispatch('campaigns:outbox', { since: started });
  const final = after.ok ? after.value : last;
  report(ctx, connection, final, stopped, stalled);
  if (stalled) return EXIT_STALLED;
  if (stopped || !untilIdle) return EXIT.ok;
  return final.campaigns.some((c) => c.status === 'held') ? EXIT_HELD : EXIT.ok;
}

/**
 * What the automations have due within the horizon goes into the outbox
 * first (the background rounds do it again every few minutes while the
 * worker runs), so --until-idle delivers it before it exits.
 */
async function handOverAutomations(core: Core, output: CommandContext['output']): Promise<void> {
  const run = await core.dispatch('automations:run', {});
  if (!run.ok) {
    output.err(`Automations: nothing handed over (${run.error.code}: ${run.error.message}).`);
    return;
  }
  const { handedOver, messages, skipped } = run.value;
  if (handedOver > 0 || skipped > 0)
    output.err(
      `Automations: ${handedOver} occurrence(s) handed over (${messages} message(s))` +
        (skipped > 0 ? `; ${skipped} skipped, past their day.` : '.'),
    );
}

function progressLine(view: CampaignProgressView, name: string): string {
  const b = view.batches;
  const count = `${view.messages.accepted}/${view.messages.total} messages accepted`;
  const batches =
    `batches: ${b.accepted} accepted, ${b.sending} sending, ${b.queued} queued` +
    (b.held ? `, ${b.held} held` : '') +
    (b.failed ? `, ${b.failed} failed` : '') +
    (b.cancelled ? `, ${b.cancelled} cancelled` : '');
  const hold = view.hold ? ` (${view.hold.code}: ${view.hold.message})` : '';
  return `${name}: ${view.status}${hold}, ${count}; ${batches}`;
}

function report(
  ctx: CommandContext,
  connection: Connection,
  status: OutboxView,
  stopped: boolean,
  stalled: DeliveryStallView | null,
): void {
  const why = stalled ? stallWords(stalled, ctx.output, connection.dataDir) : null;
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
      : !stopped && status.idle
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
