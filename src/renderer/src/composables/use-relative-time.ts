import { onScopeDispose, ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { formatDateTime } from './format-date-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeTimeWords {
  justNow: string;
  onDate: (date: string) => string;
}

/**
 * A phrase that reads after "updated": "há 5 minutos" / "5 minutes ago" for
 * recent times, "em 21/11/2025 14:32" for older ones.
 */
export function formatRelativeTime(
  iso: string,
  now: number,
  locale: string,
  words: RelativeTimeWords,
): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago < MINUTE) return words.justNow;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  return words.onDate(formatDateTime(iso, locale));
}

/** `formatRelativeTime` in the UI language, kept current while the component lives. */
export function useRelativeTime(): (iso: string | null | undefined) => string {
  const { locale, t } = useI18n();
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), 30_000);
  onScopeDispose(() => clearInterval(timer));
  return (iso) =>
    iso
      ? formatRelativeTime(iso, now.value, locale.value, {
          justNow: t('common.justNow'),
          onDate: (date) => t('common.onDate', { date }),
        })
      : '';
}
