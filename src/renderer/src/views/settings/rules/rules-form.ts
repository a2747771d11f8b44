import type { z } from 'zod';
import { sendingRulesSchema } from '@shared/contract/rules';
import type { HowToStopChoice, SendingRules, Weekday } from '@shared/dto/rules';
import { WEEKDAYS } from '@shared/rules/week-hours';

/**
 * The sending rules as the Settings form holds them (what the owner types,
 * as text), read back through the contract's own schema: the same zod
 * refusals the core would give, named by field and said in the owner's
 * language (`problems.<key>` in i18n/…/rules.ts).
 */
export interface DayForm {
  open: boolean;
  start: string;
  end: string;
}

export interface RulesForm {
  windowOn: boolean;
  days: Record<Weekday, DayForm>;
  sundays: boolean;
  holidays: boolean;
  prefix: string;
  /** "Como sair": the owner's choice, or unset (follows the server). */
  howToStop: HowToStopChoice;
  capOn: boolean;
  capMessages: string;
  capDays: string;
  /** One SMS confirms an opt-out by reply. */
  optOutConfirmation: boolean;
}

/** A field that can show a problem: a day's hours, the window as a whole, the prefix, the cap's numbers. */
export type RulesField = Weekday | 'window' | 'prefix' | 'capMessages' | 'capDays';
export type RulesProblem =
  'clock' | 'order' | 'noDay' | 'prefixLong' | 'prefixLine' | 'capMessages' | 'capDays';

/** Hours a closed day gets when it is opened with nothing typed. */
const OPENED_DAY = { start: '09:00', end: '18:00' };

export function formOf(rules: SendingRules): RulesForm {
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const hours = rules.window.hours[day];
      return [day, hours ? { open: true, ...hours } : { open: false, ...OPENED_DAY }];
    }),
  ) as Record<Weekday, DayForm>;
  return {
    windowOn: rules.window.on,
    days,
    sundays: rules.sundays,
    holidays: rules.holidays,
    prefix: rules.prefix,
    howToStop: rules.howToStop,
    capOn: rules.cap.on,
    capMessages: String(rules.cap.messages),
    capDays: String(rules.cap.days),
    optOutConfirmation: rules.optOutConfirmation,
  };
}

/** A whole number as typed (`4`), or NaN: the schema then refuses it by its field. */
const wholeNumber = (text: string): number => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN);

/** `9:00` is taken as `09:00`, as people type it. */
const tidyClock = (text: string): string => {
  const t = text.trim();
  return /^\d:\d\d$/.test(t) ? `0${t}` : t;
};

/** The form as rules the core takes. */
export function rulesOf(form: RulesForm): SendingRules {
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const d = form.days[day];
      return [day, d.open ? { start: tidyClock(d.start), end: tidyClock(d.end) } : null];
    }),
  ) as SendingRules['window']['hours'];
  return {
    window: { on: form.windowOn, hours },
    sundays: form.sundays,
    holidays: form.holidays,
    prefix: form.prefix,
    howToStop: form.howToStop,
    cap: { on: form.capOn, messages: wholeNumber(form.capMessages), days: wholeNumber(form.capDays) },
    optOutConfirmation: form.optOutConfirmation,
  };
}

function problemOf(issue: z.core.$ZodIssue): [RulesField, RulesProblem] | null {
  const [first, second, third, fourth] = issue.path;
  if (first === 'window') {
    if (second === 'hours' && typeof third === 'string') {
      return [third as Weekday, fourth === 'start' || fourth === 'end' ? 'clock' : 'order'];
    }
    return ['window', 'noDay'];
  }
  if (first === 'prefix') return ['prefix', issue.code === 'too_big' ? 'prefixLong' : 'prefixLine'];
  if (first === 'cap' && second === 'messages') return ['capMessages', 'capMessages'];
  if (first === 'cap' && second === 'days') return ['capDays', 'capDays'];
  return null;
}

export type RulesReading =
  { ok: true; rules: SendingRules } | { ok: false; problems: Partial<Record<RulesField, RulesProblem>> };

/** The form checked by the contract's schema: the rules, or each field's first problem. */
export function readForm(form: RulesForm): RulesReading {
  const parsed = sendingRulesSchema.safeParse(rulesOf(form));
  if (parsed.success) return { ok: true, rules: parsed.data };
  const problems: Partial<Record<RulesField, RulesProblem>> = {};
  for (const issue of parsed.error.issues) {
    const found = problemOf(issue);
    if (found && !problems[found[0]]) problems[found[0]] = found[1];
  }
  return { ok: false, problems };
}

/** Only the rules that differ from what is saved (`rules:set` leaves the others as they are). */
export function changedRules(next: SendingRules, saved: SendingRules): Partial<SendingRules> {
  const patch: Partial<SendingRules> = {};
  for (const key of Object.keys(next) as (keyof SendingRules)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) Object.assign(patch, { [key]: next[key] });
  }
  return patch;
}
