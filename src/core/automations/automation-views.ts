/**
 * An automation as the channels return it: its fields, its audience's name,
 * and its next occurrence (when, and to how many as of now).
 */
import type { AutomationView } from '../../shared/dto/automations';
import type { Automation } from './automation-repo';
import { audienceCondition, audienceCountSql, listName } from './audience/audience-sql';
import type { WorkContext } from './handover/occurrence-audience';
import { occurrenceClock, occurrenceTarget } from './handover/occurrence-audience';
import { nextOccurrences } from './occurrences/occurrence-days';
import { appDate } from './occurrences/recipient-time';

/** How far ahead the next occurrence is looked for. */
const NEXT_WITHIN_DAYS = 400;

export function createAutomationViews(ctx: WorkContext, now: () => Date) {
  const count = (sql: string, params: Record<string, unknown>) =>
    (ctx.db.prepare(sql).pluck().get(params) as number | undefined) ?? 0;

  function audienceName(a: Automation): string | null {
    switch (a.audience.kind) {
      case 'everyone':
        return null;
      case 'list':
        return listName(ctx.db, a.profile, a.audience.listId);
      case 'segment':
        return ctx.ports.segments.name(a.profile, a.audience.segmentId);
    }
  }

  function next(a: Automation): AutomationView['next'] {
    if (a.status !== 'active') return null;
    const at = now();
    const condition = audienceCondition(ctx.db, a.profile, a.audience, ctx.ports.segments);
    if (!condition) return null;
    const after = new Date(Math.max(at.getTime() + 1, Date.parse(a.activeSince)));
    for (const day of nextOccurrences(
      a.rule,
      appDate(at),
      after,
      occurrenceClock(ctx, a),
      NEXT_WITHIN_DAYS,
    )) {
      const stored = ctx.store.occurrence(a.id, day.key);
      if (stored?.state === 'skipped') continue;
      const handedOver = stored?.state === 'handed_over';
      const { birthdays } = occurrenceTarget(a, day);
      const recipients = handedOver
        ? stored.recipients
        : count(audienceCountSql(birthdays !== null, condition.sql), {
            ...condition.params,
            profile: a.profile,
            ...(birthdays ? { days: JSON.stringify(birthdays) } : {}),
          });
      // A birthday automation's next occurrence is the next day someone has a birthday.
      if (recipients === 0 && a.kind === 'birthday') continue;
      return { date: day.key, at: day.at.toISOString(), recipients, handedOver };
    }
    return null;
  }

  return (a: Automation): AutomationView => ({
    id: a.id,
    name: a.name,
    kind: a.kind,
    status: a.status,
    templateId: a.templateId,
    templateName: a.templateName,
    text: a.text,
    audience: a.audience,
    audienceName: audienceName(a),
    rule: a.rule,
    next: next(a),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  });
}
