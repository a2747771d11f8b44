/**
 * The coming occurrences of an automation, as the log shows them ahead:
 * those prepared by the rounds (a birthday's next days, with who is
 * waiting), else worked out now from the audience as it is (how many it
 * would go to, opted-out numbers left out). A birthday automation's days
 * without a birthday are not occurrences.
 */
import type { OccurrenceView } from '../../../shared/dto/automations';
import type { Automation } from '../automation-repo';
import { audienceCondition, audienceCountSql } from '../audience/audience-sql';
import { occurrenceClock, occurrenceTarget, type WorkContext } from '../handover/occurrence-audience';
import { PREPARE_DAYS } from '../handover/hand-over-round';
import { nextOccurrences } from '../occurrences/occurrence-days';
import { appDate } from '../occurrences/recipient-time';
import type { AutomationLog } from './automation-log';

export function upcomingOccurrences(
  ctx: WorkContext,
  log: AutomationLog,
  a: Automation,
  now: Date,
  days = PREPARE_DAYS,
): OccurrenceView[] {
  if (a.status !== 'active') return [];
  const condition = audienceCondition(ctx.db, a.profile, a.audience, ctx.ports.segments);
  const after = new Date(Math.max(now.getTime(), Date.parse(a.activeSince)));
  const out: OccurrenceView[] = [];
  for (const day of nextOccurrences(a.rule, appDate(now), after, occurrenceClock(ctx, a), days + 1)) {
    const stored = ctx.store.occurrence(a.id, day.key);
    if (stored) {
      if (stored.state === 'waiting') out.push(log.view(stored));
      continue;
    }
    if (a.plannedThrough !== null && day.key <= a.plannedThrough) continue;
    const { birthdays } = occurrenceTarget(a, day);
    const recipients = condition
      ? ((ctx.db
          .prepare(audienceCountSql(birthdays !== null, condition.sql))
          .pluck()
          .get({
            ...condition.params,
            profile: a.profile,
            ...(birthdays ? { days: JSON.stringify(birthdays) } : {}),
          }) as number) ?? 0)
      : 0;
    if (recipients === 0 && a.kind === 'birthday') continue;
    out.push({
      date: day.key,
      at: day.at.toISOString(),
      state: 'waiting',
      reason: null,
      hold: null,
      recipients,
      skipped: {},
      cost: null,
      segments: 0,
      campaignId: null,
      delivery: null,
      handedAt: null,
    });
  }
  return out;
}
