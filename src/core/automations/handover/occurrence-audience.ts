/**
 * Who one occurrence is for, read now: the audience's contacts (a birthday
 * automation's: those whose birthday it greets), each with what the
 * hand-over needs to decide (opted out, already greeted for this once-key).
 */
import type { SmsTypeView } from '../../../shared/dto/campaigns';
import type { Database } from '../../db/open-database';
import type { Automation, AutomationRepo } from '../automation-repo';
import { audienceCondition, columnsOf, recipientRowsSql, type RowShape } from '../audience/audience-sql';
import { birthdaysOn, celebratedFrom } from '../occurrences/birthday-days';
import type { OccurrenceDay } from '../occurrences/occurrence-days';
import type { LocalDate } from '../occurrences/local-date';
import { occurrenceInstant } from '../occurrences/recipient-time';
import type { AutomationPorts } from '../ports';
import type { MessageBuilder, RecipientRow } from '../../campaigns/campaigns-module';
import type { OccurrenceStore } from './occurrence-store';

export interface WorkContext {
  db: Database;
  repo: AutomationRepo;
  store: OccurrenceStore;
  ports: AutomationPorts;
  /** A prepared statement (raw rows) for an SQL text, reused across rounds. */
  statement: (sql: string) => { all(params: unknown): unknown[] };
  smsTypes: (profile: string) => readonly SmsTypeView[] | null;
  /** A live contact's birthday (month × 100 + day, null: none); undefined: no such live contact. */
  contactBirthday: (profile: string, contactId: string) => number | null | undefined;
}

/** The text, type and sender an automation sends with now: its template's, else what it last took. */
export interface SendText {
  text: string;
  smsTypeId: number | null;
  from: string | null;
}

export function currentText(ctx: WorkContext, a: Automation): SendText {
  const template = a.templateId === null ? null : ctx.ports.templates.find(a.profile, a.templateId);
  if (template) {
    if (template.text !== a.text || template.name !== a.templateName)
      ctx.repo.tookText(a.id, template.text, template.name);
    return { text: template.text, smsTypeId: template.smsTypeId, from: template.from };
  }
  if (a.templateId !== null) ctx.repo.templateGone(a.id);
  return { text: a.text, smsTypeId: null, from: null };
}

export interface Candidate {
  contactId: string;
  phone: string;
  /** The contact's own time zone (null: its DDD's). */
  zone: string | null;
  name: string;
  optedOut: boolean;
  greeted: boolean;
  row: RecipientRow;
}

export interface OccurrenceAudience {
  /** What a greeting of this occurrence counts against (`birthday:2027`, `<automation>:<date>`). */
  onceKey: string;
  /** The birthdays it greets (month × 100 + day); null for a recurring automation. */
  birthdays: number[] | null;
  /** Null: the list or segment no longer exists. */
  candidates: Candidate[] | null;
}

/**
 * An automation's occurrences on the app's clock, as they will go: a
 * birthday on a day the sending rules close at the last open moment before
 * it (earlierOpenMoment, shared/rules/schedule.ts). The rounds hand them over by it; the log and the
 * automation's "next" show it.
 */
export const occurrenceClock = (
  ctx: WorkContext,
  a: Automation,
): ((date: LocalDate, minutes: number) => Date) =>
  occurrenceInstant(a.rule.kind === 'birthday' ? ctx.ports.outbox.sendingRules() : undefined);

/** The once-key and the birthdays of an occurrence. */
export function occurrenceTarget(
  a: Automation,
  day: OccurrenceDay,
): { onceKey: string; birthdays: number[] | null } {
  if (a.rule.kind === 'recurring') return { onceKey: `${a.id}:${day.key}`, birthdays: null };
  const celebrated = celebratedFrom(day.date, a.rule.daysBefore);
  return { onceKey: `birthday:${celebrated.year}`, birthdays: birthdaysOn(celebrated) };
}

export function readAudience(
  ctx: WorkContext,
  a: Automation,
  day: OccurrenceDay,
  builder: MessageBuilder,
): OccurrenceAudience {
  const { onceKey, birthdays } = occurrenceTarget(a, day);
  const condition = audienceCondition(ctx.db, a.profile, a.audience, ctx.ports.segments);
  if (!condition) return { onceKey, birthdays, candidates: null };
  const shape: RowShape = { extraColumns: builder.extraColumns, birthdays: birthdays !== null, onceKeys: 1 };
  const col = columnsOf(shape);
  const rows = ctx.statement(recipientRowsSql(shape, condition.sql)).all({
    ...condition.params,
    profile: a.profile,
    once0: onceKey,
    ...(birthdays ? { days: JSON.stringify(birthdays) } : {}),
  }) as RecipientRow[];
  return {
    onceKey,
    birthdays,
    candidates: rows.map((row) => ({
      contactId: row[0] as string,
      phone: row[1] as string,
      name: row[2] as string,
      zone: row[col.zone] as string | null,
      optedOut: row[col.opted] === 1,
      greeted: row[col.greeted(0)] === 1,
      row,
    })),
  };
}
