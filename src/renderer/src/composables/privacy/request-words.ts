import type { PrivacyRequestView } from '@shared/dto';
import { formatPhone } from '@renderer/composables/format-phone';

/** vue-i18n's `t` with a plural count (`{n}` in "vence em {n} dias"). */
export type Say = (key: string, named: Record<string, unknown>, plural?: number) => string;

/** A calendar day (`YYYY-MM-DD`) the reader's way (14/12/2026), whatever the computer's clock. */
export const formatDay = (day: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** "vence em 2 dias", "vence hoje", "atrasado há 1 dia", or when it was answered. */
export function requestStanding(r: PrivacyRequestView, t: Say, locale: string): string {
  if (r.answeredAt !== null)
    return t('privacyRequests.answeredOn', { date: formatDay(r.answeredAt.slice(0, 10), locale) });
  const days = r.daysLeft ?? 0;
  if (days === 0) return t('privacyRequests.dueToday', {});
  return days > 0
    ? t('privacyRequests.dueIn', { n: days }, days)
    : t('privacyRequests.overdue', { n: -days }, -days);
}

/** Open and due within 3 days, or overdue: said in the warning's colour. */
export const isUrgent = (r: PrivacyRequestView): boolean => r.daysLeft !== null && r.daysLeft <= 3;

/** Who asked: the number as people write it, or that it was erased. */
export const requestPerson = (r: PrivacyRequestView, t: Say): string =>
  r.phone ? formatPhone(r.phone) : t('privacyRequests.erasedNumber', {});
