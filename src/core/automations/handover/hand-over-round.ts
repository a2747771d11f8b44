/**
 * A hand-over round, for one profile at `now`: what the app does every few
 * minutes while it runs, at its start, and what `torpedo worker` does
 * before it delivers. For each active automation, oldest first:
 *
 * 1. every occurrence due within the horizon and not worked out yet is
 *    handed over, or skipped when its day is over (the catch-up policy);
 * 2. a birthday automation's occurrences of the next days are prepared
 *    (who they are for, as of now), so the log shows who is waiting and
 *    who left the audience before the hand-over.
 *
 * Then the occurrences handed over in the last days are settled against the
 * outbox: messages cancelled when their day ended (the credit did not cover
 * them in time) were not sent, and their recipients say so.
 *
 * Each occurrence is its own transaction; one automation's failure is
 * logged and does not stop the others (the next round tries again).
 */
import type { AutomationRunResult, SkipReason } from '../../../shared/dto/automations';
import type { Log } from '../../log/log';
import type { Automation } from '../automation-repo';
import { addDays, dateKey } from '../occurrences/local-date';
import { dueOccurrences, HORIZON_MS, nextOccurrences } from '../occurrences/occurrence-days';
import { appDate } from '../occurrences/recipient-time';
import { occurrenceClock, type WorkContext } from './occurrence-audience';
import { handOverOccurrence, prepareOccurrence } from './occurrence-hand-over';

/** How many days ahead a birthday occurrence is prepared (its recipients listed as waiting). */
export const PREPARE_DAYS = 7;
/** Handed-over occurrences this recent are settled against the outbox. */
const SETTLE_DAYS = 3;

export interface RoundResult extends AutomationRunResult {
  /** Automations whose occurrences changed. */
  changed: Set<string>;
}

function runOne(ctx: WorkContext, a: Automation, now: Date, result: RoundResult): void {
  // A birthday on a closed day is due as its greetings go: at the last open moment before it.
  const instant = occurrenceClock(ctx, a);
  const due = dueOccurrences(a.rule, {
    plannedThrough: a.plannedThrough,
    activeSince: new Date(a.activeSince),
    now,
    instant,
    dateAt: appDate,
  });
  for (const day of due) {
    const outcome = handOverOccurrence(ctx, a, day, now);
    if (outcome.changed) result.changed.add(a.id);
    if (outcome.handed > 0) {
      result.handedOver++;
      result.messages += outcome.handed;
    }
    if (outcome.skipped) result.skipped++;
  }
  if (a.rule.kind !== 'birthday') return;
  const last = due.at(-1)?.key ?? a.plannedThrough;
  const horizon = now.getTime() + HORIZON_MS;
  const today = appDate(now);
  for (const day of nextOccurrences(a.rule, today, new Date(horizon + 1), instant, PREPARE_DAYS + 1)) {
    if (last !== null && day.key <= last) continue;
    if (prepareOccurrence(ctx, a, day)) result.changed.add(a.id);
  }
}

/** Messages that never went: their recipients were not greeted after all. */
function settle(ctx: WorkContext, profile: string, now: Date, result: RoundResult): void {
  const today = appDate(now);
  const handed = ctx.store.handedBetween(
    profile,
    dateKey(addDays(today, -SETTLE_DAYS)),
    dateKey(addDays(today, 2)),
  );
  for (const occurrence of handed) {
    const progress = ctx.ports.outbox.summary(occurrence.campaign_id!)?.progress;
    if (!progress || progress.batches.cancelled + progress.batches.failed === 0) continue;
    const reason: SkipReason = progress.hold?.code === 'insufficient_balance' ? 'balance' : 'not_sent';
    const notSent = ctx.ports.outbox.notSent(occurrence.campaign_id!);
    const changed = ctx.db
      .transaction(() => ctx.store.settleNotSent(occurrence.automation_id, occurrence.date, notSent, reason))
      .immediate();
    if (changed > 0) result.changed.add(occurrence.automation_id);
  }
}

export function runRound(ctx: WorkContext, profile: string, now: Date, log: Log): RoundResult {
  const result: RoundResult = { handedOver: 0, messages: 0, skipped: 0, changed: new Set() };
  for (const a of ctx.repo.active(profile)) {
    try {
      runOne(ctx, a, now, result);
    } catch (error) {
      log.error('automations.roundFailed', { automationId: a.id, error });
    }
  }
  try {
    settle(ctx, profile, now, result);
  } catch (error) {
    log.error('automations.settleFailed', { error });
  }
  if (result.handedOver > 0) ctx.ports.outbox.wake();
  return result;
}
