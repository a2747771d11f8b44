import { useI18n } from 'vue-i18n';
import type { AutomationView, ForecastView } from '@shared/dto/automations';
import { formatTimeOfDay } from '@renderer/composables/format-date-time';
import { formatCount, formatMoney } from '@renderer/composables/use-money';

/** `2027-03-05` as `05/03/2027` (both languages write the day first). */
export const dayText = (key: string): string => `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`;
/** `2027-03-05` as `05/03`. */
export const dayMonthText = (key: string): string => `${key.slice(8, 10)}/${key.slice(5, 7)}`;

/** The words an automation's rule, audience and next send are said in, in the page's language. */
export function useAutomationWords() {
  const { t, locale } = useI18n();

  function rule(a: Pick<AutomationView, 'rule'>): string {
    const r = a.rule;
    if (r.kind === 'birthday') {
      return r.daysBefore === 0
        ? t('automations.rule.birthday', { at: r.at })
        : t('automations.rule.birthdayBefore', { days: r.daysBefore, at: r.at }, r.daysBefore);
    }
    const base =
      r.every.unit === 'day'
        ? t('automations.rule.day', { at: r.at })
        : r.every.unit === 'week'
          ? t('automations.rule.week', {
              at: r.at,
              days: r.every.weekdays.map((d) => t(`automations.weekday.${d}`)).join(', '),
            })
          : t('automations.rule.month', { at: r.at, day: r.every.day });
    const range = [t('automations.rule.from', { date: dayText(r.from) })];
    if (r.until) range.push(t('automations.rule.until', { date: dayText(r.until) }));
    return `${base}, ${range.join(' ')}`;
  }

  function audience(a: Pick<AutomationView, 'audience' | 'audienceName'>): string {
    if (a.audience.kind === 'everyone') return t('automations.audience.everyone');
    if (a.audienceName === null) return t('automations.audience.gone');
    return t(`automations.audience.${a.audience.kind}`, { name: a.audienceName });
  }

  function next(a: Pick<AutomationView, 'next'>): string {
    if (!a.next) return t('automations.nextNone');
    return t('automations.next', {
      date: dayText(a.next.date),
      time: formatTimeOfDay(Date.parse(a.next.at), locale.value),
    });
  }

  /** "Próximos 30 dias: 214 aniversários, R$ 19,26; seu saldo cobre até 18/03". */
  function forecast(f: ForecastView): string {
    // Only what is still to be paid is counted: occurrences already handed over were debited then.
    if (f.messages === 0 && f.paid === 0 && f.birthdaysOnRecord !== null) {
      const n = f.birthdaysOnRecord;
      return n === 0
        ? t('automations.forecast.noBirthdays')
        : t(
            'automations.forecast.noBirthdaysAhead',
            { days: f.days, count: formatCount(n, locale.value) },
            n,
          );
    }
    if (f.messages === 0)
      return t(f.paid > 0 ? 'automations.forecast.nothingToPay' : 'automations.forecast.nothing', {
        days: f.days,
      });
    const parts: string[] = [];
    if (f.birthdays > 0)
      parts.push(
        t('automations.forecast.birthdays', { count: formatCount(f.birthdays, locale.value) }, f.birthdays),
      );
    if (f.messages > f.birthdays || f.birthdays === 0)
      parts.push(
        t('automations.forecast.messages', { count: formatCount(f.messages, locale.value) }, f.messages),
      );
    const cost =
      f.cost === null
        ? t('automations.forecast.costUnknown')
        : t('automations.forecast.toPay', { cost: formatMoney(f.cost, locale.value) });
    const summary = t('automations.forecast.summary', { days: f.days, what: parts.join(', '), cost });
    return `${summary}; ${covers(f)}`;
  }

  function covers(f: ForecastView): string {
    if (f.cost === null || f.balance === null) return t('automations.forecast.balanceUnknown');
    if (f.shortOn === null)
      return f.autoRecharge
        ? t('automations.forecast.coversRecharge', { days: f.days })
        : t('automations.forecast.coversAll', { days: f.days });
    return f.coveredUntil === null
      ? t('automations.forecast.coversNone', { date: dayMonthText(f.shortOn) })
      : t('automations.forecast.covers', { date: dayMonthText(f.coveredUntil) });
  }

  return { rule, audience, next, forecast };
}
