/**
 * The options of `torpedo automations create`, read into the contract's
 * input: the rule (--type, --at, --days-before, --every, --from, --until) and
 * the names the owner knows things by (--template, --list, --segment),
 * found among the data folder's own.
 */
import type { Core } from '../../core/kernel/create-core';
import type { ListView } from '../../shared/dto';
import type { AutomationAudience, AutomationRule, AutomationWeekday } from '../../shared/dto/automations';
import type { TemplateView } from '../../shared/dto/templates';
import { AUTOMATION_WEEKDAYS, DEFAULT_BIRTHDAY_AT } from '../../shared/contract/automations';
import { readDateCell } from '../../shared/dates/read-date-cell';
import { foldText, listNameKey } from '../../shared/sort-key';
import { ok, StepFailed } from '../step';
import { segmentNamed } from './segments';
import { UsageError } from '../usage';

export interface CreateValues {
  type?: string;
  template?: string;
  list?: string;
  segment?: string;
  at?: string;
  'days-before'?: string;
  every?: string;
  from?: string;
  until?: string;
}

/** Day names as the owner may type them, Portuguese or English, 3 letters or whole. */
const WEEKDAY_WORDS: Record<string, AutomationWeekday> = Object.fromEntries(
  (
    [
      ['sun', 'sunday', 'dom', 'domingo'],
      ['mon', 'monday', 'seg', 'segunda'],
      ['tue', 'tuesday', 'ter', 'terca'],
      ['wed', 'wednesday', 'qua', 'quarta'],
      ['thu', 'thursday', 'qui', 'quinta'],
      ['fri', 'friday', 'sex', 'sexta'],
      ['sat', 'saturday', 'sab', 'sabado'],
    ] as const
  ).flatMap((words, i) => words.map((w) => [w, AUTOMATION_WEEKDAYS[i]!])),
);

/** `--every "day" | "week mon,thu" | "month 5"`. */
export function everyOf(text: string) {
  const [unit, rest = '', ...more] = text.trim().toLowerCase().split(/\s+/);
  if (more.length > 0) throw new UsageError('--every takes "day", "week mon,thu" or "month 5".');
  if (unit === 'day' && rest === '') return { unit: 'day' as const };
  if (unit === 'week' && rest !== '') {
    const days = rest.split(',').map((w) => WEEKDAY_WORDS[foldText(w.trim()).replace(/-feira$/, '')]);
    if (days.some((d) => d === undefined))
      throw new UsageError('--every "week ..." takes days such as mon,thu (or seg,qui).');
    return { unit: 'week' as const, weekdays: [...new Set(days as AutomationWeekday[])] };
  }
  if (unit === 'month' && /^\d{1,2}$/.test(rest) && Number(rest) >= 1 && Number(rest) <= 31)
    return { unit: 'month' as const, day: Number(rest) };
  throw new UsageError('--every takes "day", "week mon,thu" or "month 5" (a day of the month, 1 to 31).');
}

/** A date as the owner types it (05/03/2027 or 2027-03-05), read by the app's one date-cell reader. */
export function dateOf(option: string, text: string): string {
  const read = readDateCell(text);
  if (!read.ok || read.date.year === null || read.form === 'serial') {
    throw new UsageError(`${option} takes a date as DD/MM/AAAA or AAAA-MM-DD (e.g. 05/03/2027).`);
  }
  const { year, month, day } = read.date;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const clock = (text: string) => {
  if (!/^([01]?\d|2[0-3]):[0-5]\d$/.test(text.trim()))
    throw new UsageError('--at takes a time as HH:MM, e.g. 09:00.');
  return text.trim().padStart(5, '0');
};

/** The rule the options describe; `today` (AAAA-MM-DD) is a recurring rule's first date unless --from. */
export function ruleOf(values: CreateValues, today: string): AutomationRule {
  if (values.type === 'birthday') {
    for (const option of ['every', 'from', 'until'] as const)
      if (values[option] !== undefined) throw new UsageError(`--${option} is for --type recurring.`);
    const daysBefore = values['days-before'] ?? '0';
    if (!/^\d{1,2}$/.test(daysBefore) || Number(daysBefore) > 30)
      throw new UsageError('--days-before takes a number of days from 0 to 30.');
    return {
      kind: 'birthday',
      at: values.at === undefined ? DEFAULT_BIRTHDAY_AT : clock(values.at),
      daysBefore: Number(daysBefore),
    };
  }
  if (values.type === 'recurring') {
    if (values['days-before'] !== undefined) throw new UsageError('--days-before is for --type birthday.');
    if (values.every === undefined)
      throw new UsageError('Say how often: --every "day" | "week mon,thu" | "month 5".');
    if (values.at === undefined) throw new UsageError('Say at what time: --at HH:MM.');
    if (values.list === undefined && values.segment === undefined)
      throw new UsageError('Say to whom: --list NAME or --segment NAME.');
    const from = values.from === undefined ? today : dateOf('--from', values.from);
    const until = values.until === undefined ? null : dateOf('--until', values.until);
    if (until !== null && until < from) throw new UsageError('--until must not come before --from.');
    return { kind: 'recurring', at: clock(values.at), every: everyOf(values.every), from, until };
  }
  throw new UsageError('Say which kind: --type birthday or --type recurring.');
}

const notFound = (what: string, name: string) =>
  new StepFailed({ code: 'not_found', message: `There is no ${what} called "${name.trim()}".` });

/** The template named (as the window shows names: case and accents aside). */
export async function templateNamed(core: Core, name: string): Promise<TemplateView> {
  const wanted = foldText(name.trim());
  const found = ok<TemplateView[]>(await core.dispatch('templates:list', {})).find(
    (t) => foldText(t.name) === wanted,
  );
  if (!found) throw notFound('template', name);
  return found;
}

/** Everyone, or the list or segment named. */
export async function audienceOf(core: Core, values: CreateValues): Promise<AutomationAudience> {
  if (values.list !== undefined && values.segment !== undefined)
    throw new UsageError('Give --list or --segment, not both.');
  if (values.list !== undefined) {
    const wanted = listNameKey(values.list);
    const list = ok<ListView[]>(await core.dispatch('lists:list', {})).find(
      (l) => listNameKey(l.name) === wanted,
    );
    if (!list) throw notFound('list', values.list);
    return { kind: 'list', listId: list.id };
  }
  if (values.segment !== undefined)
    return { kind: 'segment', segmentId: await segmentNamed(core, values.segment) };
  return { kind: 'everyone' };
}
