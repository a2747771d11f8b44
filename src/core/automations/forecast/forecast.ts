/**
 * The cost of the automations ahead: for each day from today (Brasília
 * time) for `days` days, how many messages each active automation will
 * hand over, their SMS parts (every message merged and counted as the
 * outbox will) and R$, and how far the balance covers them.
 *
 * Counted as the hand-over would count them today: the audience as it is
 * now, opted-out numbers left out, a birthday greeted once per year (by the
 * birthday automation that greets it first, whichever it is), dates already
 * handed over left out (their cost has left the balance).
 *
 * Speed: a birthday automation reads the window's birthdays through the
 * birthday index (30 days of a million contacts is ~82,000 rows); a
 * recurring one reads its audience once and counts it per date.
 */
import type { ForecastView } from '../../../shared/dto/automations';
import { costReais, type RecipientRow } from '../../campaigns/campaigns-module';
import { countParts } from '../../../shared/sms-segments';
import type { Automation } from '../automation-repo';
import {
  audienceCondition,
  columnsOf,
  recipientRowsSql,
  withBirthdayCountSql,
  type RowShape,
} from '../audience/audience-sql';
import type { WorkContext } from '../handover/occurrence-audience';
import { currentText } from '../handover/occurrence-audience';
import { birthdaysOn, celebratedFrom } from '../occurrences/birthday-days';
import { addDays, dateKey } from '../occurrences/local-date';
import { nextOccurrences, type OccurrenceDay } from '../occurrences/occurrence-days';
import { appDate, appInstant } from '../occurrences/recipient-time';
import { walkBalance } from './balance-walk';

interface DayTotals {
  messages: number;
  segments: number;
  /** R$ in micro-reais × segments, summed per automation's own price (null: a price is unknown). */
  microCost: number | null;
  /** R$ the service already debited for this day's messages still ahead, in centavos. */
  paidCents: number;
}

/** A birthday greeting the window holds: who, for which year, sent when, by which automation. */
interface Greeting {
  contactId: string;
  year: number;
  day: string;
  /** For "which automation greets first": the send instant. */
  at: number;
  segments: number;
  unitMicro: number | null;
}

/** A text's parts for a recipient row, counting each distinct text once. */
function partsCounter(build: (row: RecipientRow) => string) {
  let last = '';
  let lastParts = 0;
  return (row: RecipientRow): number => {
    const text = build(row);
    if (text !== last) {
      last = text;
      lastParts = text.trim() === '' ? 0 : countParts(text).segments;
    }
    return lastParts;
  };
}

function occurrencesAhead(a: Automation, now: Date, days: number): OccurrenceDay[] {
  const from = appDate(now);
  const after = new Date(Math.max(now.getTime(), Date.parse(a.activeSince)));
  return nextOccurrences(a.rule, from, after, appInstant, days).filter(
    (o) => a.plannedThrough === null || o.key > a.plannedThrough,
  );
}

/** The rows of an audience (only the birthdays of `birthdays` when given), with their parts counted. */
function readRows(
  ctx: WorkContext,
  a: Automation,
  shapeOf: (extraColumns: readonly string[]) => RowShape,
  params: Record<string, unknown>,
) {
  const send = currentText(ctx, a);
  const builder = ctx.ports.outbox.builder(a.profile, send.text);
  const unitMicro = ctx.ports.outbox.unitMicro(ctx.smsTypes(a.profile), send.smsTypeId);
  const condition = audienceCondition(ctx.db, a.profile, a.audience, ctx.ports.segments);
  const shape = shapeOf(builder.extraColumns);
  const rows = condition
    ? (ctx
        .statement(recipientRowsSql(shape, condition.sql))
        .all({ ...condition.params, ...params, profile: a.profile }) as RecipientRow[])
    : [];
  return { rows, col: columnsOf(shape), parts: partsCounter((row) => builder.fromRow(row)), unitMicro };
}

function birthdayGreetings(ctx: WorkContext, a: Automation, now: Date, days: number): Greeting[] {
  if (a.rule.kind !== 'birthday') return [];
  const occurrences = occurrencesAhead(a, now, days);
  if (occurrences.length === 0) return [];
  // Each birthday (month-day) → the send dates and celebrated years that greet it in the window.
  const byBirthday = new Map<number, { day: OccurrenceDay; year: number }[]>();
  for (const day of occurrences) {
    const celebrated = celebratedFrom(day.date, a.rule.daysBefore);
    for (const md of birthdaysOn(celebrated)) {
      const list = byBirthday.get(md) ?? [];
      list.push({ day, year: celebrated.year });
      byBirthday.set(md, list);
    }
  }
  const firstYear = celebratedFrom(occurrences[0]!.date, a.rule.daysBefore).year;
  const { rows, col, parts, unitMicro } = readRows(
    ctx,
    a,
    (extraColumns) => ({ extraColumns, birthdays: true, onceKeys: 2, unordered: true }),
    {
      days: JSON.stringify([...byBirthday.keys()]),
      once0: `birthday:${firstYear}`,
      once1: `birthday:${firstYear + 1}`,
    },
  );
  const out: Greeting[] = [];
  for (const row of rows) {
    if (row[col.opted] === 1) continue;
    for (const { day, year } of byBirthday.get(row[col.birthday] as number) ?? []) {
      const greeted =
        year === firstYear ? row[col.greeted(0)] : year === firstYear + 1 ? row[col.greeted(1)] : 0;
      if (greeted === 1) continue;
      out.push({
        contactId: row[0] as string,
        year,
        day: day.key,
        at: day.at.getTime(),
        segments: parts(row),
        unitMicro,
      });
    }
  }
  return out;
}

/**
 * The contacts with a birthday on record in the birthday automations' audiences (a contact in two
 * counted in each), for a window that greets nobody: "0 contacts with a birthday" says to import
 * a birthday column, where "nothing to send" said nothing. Null when none is a birthday automation.
 */
function birthdaysOnRecord(ctx: WorkContext, automations: readonly Automation[]): number | null {
  let count: number | null = null;
  for (const a of automations) {
    if (a.rule.kind !== 'birthday') continue;
    const condition = audienceCondition(ctx.db, a.profile, a.audience, ctx.ports.segments);
    const n = condition
      ? (
          ctx
            .statement(withBirthdayCountSql(condition.sql))
            .all({ ...condition.params, profile: a.profile }) as [number][]
        )[0]![0]
      : 0;
    count = (count ?? 0) + n;
  }
  return count;
}

function addTo(
  totals: Map<string, DayTotals>,
  day: string,
  messages: number,
  segments: number,
  unitMicro: number | null,
) {
  const t = totals.get(day);
  if (!t) return;
  t.messages += messages;
  t.segments += segments;
  t.microCost = t.microCost === null || unitMicro === null ? null : t.microCost + segments * unitMicro;
}

/**
 * The occurrences already handed over whose time is still ahead. Their batches wait in the outbox
 * until their time (the last moment decides who gets them) and are debited as they leave: what
 * the service accepted of them is `paid` (a message held by the service for a later clock), what
 * still waits is to pay, counted in the day's messages and cost as the birthdays not handed over
 * yet are (those the last moment took out are in neither).
 */
function handedAhead(
  ctx: WorkContext,
  automations: readonly Automation[],
  now: Date,
  totals: Map<string, DayTotals>,
) {
  const days = [...totals.keys()];
  for (const a of automations) {
    for (const o of ctx.store.handedBetween(a.profile, days[0]!, days.at(-1)!)) {
      if (o.automation_id !== a.id || Date.parse(o.at) < now.getTime()) continue;
      const summary = ctx.ports.outbox.summary(o.campaign_id!);
      const t = totals.get(o.date);
      if (!summary || !t) continue;
      const { charged, pending } = summary.progress.spend;
      if (charged.cost !== null) t.paidCents += Math.round(charged.cost * 100);
      t.messages += pending.messages;
      t.segments += pending.segments;
      t.microCost =
        t.microCost === null || pending.cost === null ? null : t.microCost + Math.round(pending.cost * 1e6);
    }
  }
}

export interface ForecastRequest {
  profile: string;
  automations: readonly Automation[];
  automationId: string | null;
  days: number;
  now: Date;
}

export async function forecast(ctx: WorkContext, request: ForecastRequest): Promise<ForecastView> {
  const { now, days } = request;
  const today = appDate(now);
  const totals = new Map<string, DayTotals>();
  for (let i = 0; i < days; i++)
    totals.set(dateKey(addDays(today, i)), { messages: 0, segments: 0, microCost: 0, paidCents: 0 });

  // Birthdays: each contact's greeting of a year counted once, for the automation that sends it first.
  const first = new Map<string, Greeting>();
  for (const a of request.automations) {
    for (const g of birthdayGreetings(ctx, a, now, days)) {
      const key = `${g.contactId}:${g.year}`;
      const kept = first.get(key);
      if (!kept || g.at < kept.at) first.set(key, g);
    }
  }
  for (const g of first.values()) addTo(totals, g.day, 1, g.segments, g.unitMicro);
  handedAhead(ctx, request.automations, now, totals);

  for (const a of request.automations) {
    if (a.rule.kind !== 'recurring') continue;
    const occurrences = occurrencesAhead(a, now, days);
    if (occurrences.length === 0) continue;
    const { rows, col, parts, unitMicro } = readRows(
      ctx,
      a,
      (extraColumns) => ({ extraColumns, birthdays: false, onceKeys: 0, unordered: true }),
      {},
    );
    let messages = 0;
    let segments = 0;
    for (const row of rows) {
      if (row[col.opted] === 1) continue;
      const n = parts(row);
      if (n === 0) continue;
      messages++;
      segments += n;
    }
    for (const o of occurrences) addTo(totals, o.key, messages, segments, unitMicro);
  }

  const perDay = [...totals].map(([date, t]) => ({
    date,
    messages: t.messages,
    segments: t.segments,
    cost: t.microCost === null ? null : costReais(t.microCost, 1),
    paid: t.paidCents / 100,
  }));
  const known = perDay.every((d) => d.cost !== null);
  const [balance, recharge] = [
    await ctx.ports.money.balance(request.profile),
    ctx.ports.money.autoRecharge(request.profile),
  ];
  // Only what is still to be paid is held against the balance: what was handed over has left it.
  const coverage = walkBalance(balance, perDay, recharge);
  const paidCents = perDay.reduce((n, d) => n + Math.round(d.paid * 100), 0);
  return {
    from: dateKey(today),
    days,
    automationId: request.automationId,
    messages: perDay.reduce((n, d) => n + d.messages, 0),
    birthdays: first.size,
    // Only asked when the window greets nobody: with greetings ahead there are birthdays on record.
    birthdaysOnRecord: first.size === 0 ? birthdaysOnRecord(ctx, request.automations) : null,
    segments: perDay.reduce((n, d) => n + d.segments, 0),
    cost: known
      ? costReais(
          perDay.reduce((n, d) => n + totals.get(d.date)!.microCost!, 0),
          1,
        )
      : null,
    paid: paidCents / 100,
    perDay,
    balance,
    autoRecharge: !!recharge?.enabled && recharge.adds !== null,
    ...coverage,
  };
}
