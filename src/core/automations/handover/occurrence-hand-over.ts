/**
 * One occurrence worked out: prepared while it is a few days ahead (who it
 * is for, `waiting`), then handed over once due within the horizon, in ONE
 * IMMEDIATE transaction that
 *
 * 1. checks it was not worked out already (by this process or another: the
 *    app and `torpedo worker` may both run);
 * 2. reads who it is for now, and decides for each: opted out, already
 *    greeted (this birthday, this year), past its day (the computer was
 *    off), or a message with its own time (recipientTimes);
 * 3. writes their messages into the campaigns' outbox (CampaignHandOver),
 *    the recipients and the occurrence, and moves `planned_through` on.
 *
 * A crash before the commit leaves nothing; after it, the outbox delivers
 * exactly once. The unique index on greetings (the `automations` migration) refuses a
 * second greeting of a contact for the same birthday year even if a bug
 * let one through: the transaction fails and nothing of it is written.
 */
import type { SkipReason } from '../../../shared/dto/automations';
import type { Automation } from '../automation-repo';
import type { OccurrenceDay } from '../occurrences/occurrence-days';
import { recipientTimes } from '../occurrences/recipient-time';
import { formatDayMonth } from '../automation-names';
import { currentText, readAudience, type Candidate, type WorkContext } from './occurrence-audience';
import type { RecipientWrite, StoredRecipient } from './occurrence-store';

export interface OccurrenceOutcome {
  /** Messages written into the outbox. */
  handed: number;
  /** The occurrence was skipped whole. */
  skipped: boolean;
  /** Anything was written. */
  changed: boolean;
}

const NOTHING: OccurrenceOutcome = { handed: 0, skipped: false, changed: false };

/** Why a contact prepared earlier is no longer among those it is for. */
function goneReason(
  ctx: WorkContext,
  a: Automation,
  contactId: string,
  birthdays: number[] | null,
): SkipReason {
  const row = ctx.contactBirthday(a.profile, contactId);
  if (row !== undefined && birthdays && (row === null || !birthdays.includes(row))) return 'birthday_changed';
  return 'left_audience';
}

/** Those prepared earlier and no longer there, skipped with why. */
function gone(
  ctx: WorkContext,
  a: Automation,
  before: ReadonlyMap<string, StoredRecipient>,
  present: ReadonlySet<string>,
  birthdays: number[] | null,
): RecipientWrite[] {
  const out: RecipientWrite[] = [];
  for (const [contactId, old] of before) {
    if (present.has(contactId) || old.outcome === 'handed_over') continue;
    out.push({
      contactId,
      name: old.name,
      phone: old.phone,
      outcome: 'skipped',
      reason: goneReason(ctx, a, contactId, birthdays),
    });
  }
  return out;
}

const write = (
  c: Candidate,
  outcome: RecipientWrite['outcome'],
  reason: SkipReason | null,
): RecipientWrite => ({
  contactId: c.contactId,
  name: c.name,
  phone: c.phone,
  outcome,
  reason,
});

/** The one reason every skipped recipient shares, if they all share one. */
function sharedReason(writes: readonly RecipientWrite[]): SkipReason | null {
  const reasons = new Set(writes.map((w) => w.reason));
  return reasons.size === 1 ? [...reasons][0]! : null;
}

/** Hands an occurrence over (or skips it): see the file's comment. */
export function handOverOccurrence(
  ctx: WorkContext,
  a: Automation,
  day: OccurrenceDay,
  now: Date,
): OccurrenceOutcome {
  const send = currentText(ctx, a);
  const builder = ctx.ports.outbox.builder(a.profile, send.text);
  const { store } = ctx;
  return ctx.db
    .transaction((): OccurrenceOutcome => {
      const stored = store.occurrence(a.id, day.key);
      const fresh = ctx.repo.find(a.profile, a.id);
      if (
        (stored && stored.state !== 'waiting') ||
        (fresh.plannedThrough !== null && fresh.plannedThrough >= day.key)
      )
        return NOTHING;
      const target = { automationId: a.id, date: day.key, profile: a.profile };
      const finish = (outcome: OccurrenceOutcome) => {
        ctx.repo.plannedThrough(a.id, day.key);
        return outcome;
      };
      const before = new Map(store.recipients(a.id, day.key).map((r) => [r.contact_id, r]));

      if (send.text.trim() === '') {
        store.writeOccurrence({
          ...target,
          at: day.at.toISOString(),
          state: 'skipped',
          reason: 'template_missing',
          campaignId: null,
          handedAt: null,
          recipients: 0,
        });
        return finish({ handed: 0, skipped: true, changed: true });
      }
      const audience = readAudience(ctx, a, day, builder);
      const candidates = audience.candidates ?? [];
      const writes: RecipientWrite[] = [];
      const sends: { candidate: Candidate; schedule: number | null }[] = [];
      let until = 0;
      // A birthday on a closed day is greeted at the last open moment before it.
      const earlier = a.rule.kind === 'birthday' ? ctx.ports.outbox.sendingRules() : undefined;
      const timeOf = recipientTimes(day.date, a.rule.at, now, earlier);
      for (const c of candidates) {
        if (c.optedOut) writes.push(write(c, 'skipped', 'opted_out'));
        else if (c.greeted) writes.push(write(c, 'skipped', 'already_greeted'));
        else {
          const time = timeOf({ phone: c.phone, zone: c.zone });
          if (!time.send) writes.push(write(c, 'skipped', 'computer_off'));
          else {
            sends.push({ candidate: c, schedule: time.at?.getTime() ?? null });
            until = Math.max(until, time.until.getTime());
          }
        }
      }
      writes.push(...gone(ctx, a, before, new Set(candidates.map((c) => c.contactId)), audience.birthdays));

      let campaignId: string | null = null;
      if (sends.length > 0) {
        const result = ctx.ports.outbox.handOver({
          profile: a.profile,
          automationId: a.id,
          name: `${a.name} · ${formatDayMonth(day.date)}`,
          template: send.text,
          smsTypeId: send.smsTypeId,
          from: send.from,
          messages: sends.map((s) => ({ contactId: s.candidate.contactId, schedule: s.schedule })),
          expiresAt: new Date(until),
          smsTypes: ctx.smsTypes(a.profile),
          at: now,
        });
        campaignId = result.campaignId;
        for (const s of sends) {
          const refused = result.refused.get(s.candidate.contactId);
          writes.push(write(s.candidate, refused ? 'skipped' : 'handed_over', refused ?? null));
        }
      }
      const handed = writes.filter((w) => w.outcome === 'handed_over').length;
      if (writes.length === 0) {
        // Nobody to write to: a recurring occurrence says so; a day without birthdays is no occurrence.
        if (a.kind === 'recurring')
          store.writeOccurrence({
            ...target,
            at: day.at.toISOString(),
            state: 'skipped',
            reason: audience.candidates ? 'nobody' : 'left_audience',
            campaignId: null,
            handedAt: null,
            recipients: 0,
          });
        else if (stored) store.dropOccurrence(a.id, day.key);
        return finish({
          handed: 0,
          skipped: a.kind === 'recurring',
          changed: a.kind === 'recurring' || !!stored,
        });
      }
      const skippedAll = handed === 0;
      store.writeOccurrence({
        ...target,
        at: day.at.toISOString(),
        state: skippedAll ? 'skipped' : 'handed_over',
        reason: skippedAll ? sharedReason(writes) : null,
        campaignId,
        handedAt: campaignId ? now.toISOString() : null,
        recipients: skippedAll ? writes.length : handed,
      });
      // A recurring occurrence missed whole (the computer off past its day) is logged by its count only.
      const missedWhole = skippedAll && a.kind === 'recurring' && sharedReason(writes) === 'computer_off';
      if (!missedWhole) store.writeRecipients({ ...target, onceKey: audience.onceKey }, writes, before);
      return finish({ handed, skipped: skippedAll, changed: true });
    })
    .immediate();
}

/**
 * A birthday occurrence a few days ahead: who it is for as of now
 * (`waiting`), and who was and no longer is (skipped: opted out, left the
 * audience, birthday changed). Written only where something changed.
 */
export function prepareOccurrence(ctx: WorkContext, a: Automation, day: OccurrenceDay): boolean {
  const send = currentText(ctx, a);
  const builder = ctx.ports.outbox.builder(a.profile, send.text);
  const { store } = ctx;
  return ctx.db
    .transaction((): boolean => {
      const stored = store.occurrence(a.id, day.key);
      if (stored && stored.state !== 'waiting') return false;
      const audience = readAudience(ctx, a, day, builder);
      const candidates = audience.candidates ?? [];
      const before = new Map(store.recipients(a.id, day.key).map((r) => [r.contact_id, r]));
      const writes = candidates.map((c) =>
        c.optedOut
          ? write(c, 'skipped', 'opted_out')
          : c.greeted
            ? write(c, 'skipped', 'already_greeted')
            : write(c, 'waiting', null),
      );
      writes.push(...gone(ctx, a, before, new Set(candidates.map((c) => c.contactId)), audience.birthdays));
      if (writes.length === 0) {
        if (stored) store.dropOccurrence(a.id, day.key);
        return !!stored;
      }
      const waiting = writes.filter((w) => w.outcome === 'waiting').length;
      if (!stored || stored.recipients !== waiting || stored.at !== day.at.toISOString())
        store.writeOccurrence({
          automationId: a.id,
          date: day.key,
          at: day.at.toISOString(),
          state: 'waiting',
          reason: null,
          campaignId: null,
          handedAt: null,
          recipients: waiting,
        });
      const changed = store.writeRecipients(
        { automationId: a.id, date: day.key, profile: a.profile, onceKey: audience.onceKey },
        writes,
        before,
      );
      return changed > 0 || !stored;
    })
    .immediate();
}
