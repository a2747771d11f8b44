/**
 * The automation form's state and how it becomes the contract's input: what
 * the owner typed (a time as 9:00, dates as DD/MM/AAAA) read through the
 * app's one date-cell reader, and each problem named by its field, in the
 * page's words.
 */
import type { InputOf } from '@shared/ipc-contract';
import type { AutomationView, AutomationWeekday } from '@shared/dto/automations';
import { DEFAULT_BIRTHDAY_AT } from '@shared/contract/automations';
import { readDateCell } from '@shared/dates/read-date-cell';
import { dayText } from './automation-words';

export interface AutomationForm {
  kind: 'birthday' | 'recurring';
  name: string;
  templateId: string | null;
  audience: 'everyone' | 'list' | 'segment';
  listId: string | null;
  segmentId: string | null;
  at: string;
  daysBefore: number;
  every: 'day' | 'week' | 'month';
  weekdays: AutomationWeekday[];
  monthDay: number;
  from: string;
  until: string;
}

export type FormField = 'name' | 'templateId' | 'listId' | 'segmentId' | 'at' | 'weekdays' | 'from' | 'until';
/** i18n keys under automations.form, by field. */
export type FormProblems = Partial<Record<FormField, string>>;

/** A new form: a birthday at 09:00 to everyone, or (recurring) from `today` (AAAA-MM-DD). */
export function blankForm(today: string): AutomationForm {
  return {
    kind: 'birthday',
    name: '',
    templateId: null,
    audience: 'everyone',
    listId: null,
    segmentId: null,
    at: DEFAULT_BIRTHDAY_AT,
    daysBefore: 0,
    every: 'week',
    weekdays: ['mon'],
    monthDay: 5,
    from: dayText(today),
    until: '',
  };
}

/** The form of an automation being edited. */
export function formOf(a: AutomationView, today: string): AutomationForm {
  const form = { ...blankForm(today), kind: a.kind, name: a.name, templateId: a.templateId, at: a.rule.at };
  if (a.audience.kind === 'list') Object.assign(form, { audience: 'list', listId: a.audience.listId });
  if (a.audience.kind === 'segment')
    Object.assign(form, { audience: 'segment', segmentId: a.audience.segmentId });
  if (a.rule.kind === 'birthday') return { ...form, daysBefore: a.rule.daysBefore };
  const r = a.rule;
  return {
    ...form,
    every: r.every.unit,
    weekdays: r.every.unit === 'week' ? r.every.weekdays : form.weekdays,
    monthDay: r.every.unit === 'month' ? r.every.day : form.monthDay,
    from: dayText(r.from),
    until: r.until ? dayText(r.until) : '',
  };
}

/** `9:00` → `09:00`; null when it is not a time of day. */
export function clockOf(text: string): string | null {
  const m = /^([01]?\d|2[0-3])[:h]([0-5]\d)$/.exec(text.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null;
}

/** DD/MM/AAAA (or AAAA-MM-DD) → AAAA-MM-DD; null when it is not a whole date that exists. */
export function dateKeyOf(text: string): string | null {
  const read = readDateCell(text);
  if (!read.ok || read.date.year === null) return null;
  const { year, month, day } = read.date;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Input = InputOf<'automations:create'>;

/** The input the form stands for, or the problems to show (i18n keys). */
export function inputOf(
  form: AutomationForm,
): { input: Omit<Input, 'templateId'> & { templateId: string } } | { problems: FormProblems } {
  const problems: FormProblems = {};
  const at = clockOf(form.at);
  if (at === null) problems.at = 'atInvalid';
  if (form.templateId === null) problems.templateId = 'pickTemplate';
  if (form.audience === 'list' && form.listId === null) problems.listId = 'pickList';
  if (form.audience === 'segment' && form.segmentId === null) problems.segmentId = 'pickSegment';
  let rule: Input['rule'];
  if (form.kind === 'birthday') rule = { kind: 'birthday', at: at ?? '', daysBefore: form.daysBefore };
  else {
    const from = dateKeyOf(form.from);
    const until = form.until.trim() === '' ? null : dateKeyOf(form.until);
    if (from === null) problems.from = 'dateInvalid';
    if (form.until.trim() !== '' && until === null) problems.until = 'dateInvalid';
    else if (from !== null && until !== null && until < from) problems.until = 'untilBeforeFrom';
    if (form.every === 'week' && form.weekdays.length === 0) problems.weekdays = 'pickWeekday';
    const every =
      form.every === 'day'
        ? { unit: 'day' as const }
        : form.every === 'week'
          ? { unit: 'week' as const, weekdays: form.weekdays }
          : { unit: 'month' as const, day: form.monthDay };
    rule = { kind: 'recurring', at: at ?? '', every, from: from ?? '', until };
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      ...(form.name.trim() ? { name: form.name.trim() } : {}),
      templateId: form.templateId!,
      audience: audienceOf(form),
      rule,
    },
  };
}

function audienceOf(form: AutomationForm): Input['audience'] {
  if (form.audience === 'list') return { kind: 'list', listId: form.listId! };
  if (form.audience === 'segment') return { kind: 'segment', segmentId: form.segmentId! };
  return { kind: 'everyone' };
}
