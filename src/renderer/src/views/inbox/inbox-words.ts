import { useI18n } from 'vue-i18n';
import type { ReplyOrigin } from '@shared/dto/inbox';
import { formatPhone } from '@renderer/composables/format-phone';
import { useRelativeTime } from '@renderer/composables/use-relative-time';
import { formatShortInZone } from '@renderer/composables/zoned-time';

/**
 * How Respostas names things: a person (their name, else the number as people
 * write it), what a reply answers, and a time on the customer's own clock
 * with how long ago it was.
 */
export function useInboxWords() {
  const { t, locale } = useI18n();
  const relative = useRelativeTime();

  const who = (c: { name: string | null; phone: string }): string => c.name || formatPhone(c.phone);

  function origin(o: ReplyOrigin | null): string {
    if (!o) return '';
    if (o.kind === 'campaign' || o.kind === 'automation')
      return o.name ? t(`inbox.origin_${o.kind}`, { name: o.name }) : t(`inbox.origin_unnamed_${o.kind}`);
    return t(`inbox.origin_${o.kind}`);
  }

  /** `21/03/2025, 09:00 no horário do cliente` */
  const onTheirClock = (iso: string, zone: string): string =>
    t('inbox.theirClock', { time: formatShortInZone(iso, zone, locale.value) });

  return { who, origin, onTheirClock, relative };
}
