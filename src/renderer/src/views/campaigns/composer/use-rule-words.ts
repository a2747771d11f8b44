import { computed } from 'vue';
import { useBlockListWords } from '@renderer/composables/block-list-words';
import { useI18n } from 'vue-i18n';
import { getTimezoneOffset } from 'date-fns-tz/getTimezoneOffset';
import type { AudienceView, CampaignEstimateView } from '@shared/dto/campaigns';
import type { RuleCounts } from '@shared/dto/rules';
import { dateFormat } from '@shared/display-format';
import { formatCount } from '@renderer/composables/use-money';
import { useComposerFactsStore } from '@renderer/stores/campaigns/composer/use-composer-facts-store';
import { zoneLabel } from '@renderer/composables/zone-label';
import { isWallClock } from '@renderer/composables/zoned-time';

/** A clock's name for each offset Brazil uses, for zones the composer has no name of their own for (Recife, Belém...). */
const BY_OFFSET: Record<number, string> = {
  [-2]: 'America/Noronha',
  [-3]: 'America/Sao_Paulo',
  [-4]: 'America/Manaus',
  [-5]: 'America/Rio_Branco',
};

const SHORT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** The first and last sends: one minute on one clock, one minute on several clocks, or two times. */
type Span =
  | { kind: 'one'; at: string }
  | { kind: 'each'; time: string; first: string; last: string }
  | { kind: 'range'; first: string; last: string };

/** A customer's clock in words ("Horário do Acre"), named by its offset when the zone has no name here. */
export function clockName(zone: string, at: Date, t: (key: string) => string): string {
  const named = zoneLabel(zone, t);
  if (named !== zone) return named;
  const hours = Math.round(getTimezoneOffset(zone, at) / 3_600_000);
  const stand = BY_OFFSET[hours];
  return stand ? zoneLabel(stand, t) : zone;
}

/**
 * What the sending rules do to the composer's campaign, in the owner's words:
 * who they leave out (audience counts: a block list, the frequency cap), whose
 * message goes later and why, and when the first and the last message go out,
 * each on its customer's own clock. Empty when the rules touch nobody.
 */
export function useRuleWords() {
  const facts = useComposerFactsStore();
  const { t, locale } = useI18n();
  const n = (value: number) => formatCount(value, locale.value);
  const { blockedLines } = useBlockListWords();

  /** One line per reason someone is left out ("12 bloqueados pelo Procon-SP"). */
  function leftOut(audience: AudienceView | null): { key: string; text: string }[] {
    if (!audience) return [];
    const lines: { key: string; text: string }[] = [];
    // One line per list that leaves someone out ("3 bloqueados pelo Procon-AL").
    for (const line of blockedLines('composer.rulesBlocked', audience.blocked, n))
      lines.push({ key: `blocked-${line.key}`, text: line.text });
    if (audience.capped > 0) {
      const cap = facts.rules?.cap;
      const words = { count: n(audience.capped), messages: cap?.messages ?? 0, days: cap?.days ?? 0 };
      lines.push({
        key: 'capped',
        text: cap
          ? t('composer.rulesCapped', words, audience.capped)
          : t('composer.rulesCappedPlain', words, audience.capped),
      });
    }
    return lines;
  }

  /** "40 vão mais tarde: 30 fora do horário de envio, 6 num domingo, 4 num feriado"; '' when none moves. */
  function movedLine(moved: RuleCounts['moved']): string {
    const total = moved.window + moved.sunday + moved.holiday;
    if (total === 0) return '';
    const reasons = (
      [
        ['window', moved.window],
        ['sunday', moved.sunday],
        ['holiday', moved.holiday],
      ] as const
    ).filter(([, count]) => count > 0);
    // One reason needs no count of its own; several say how many each.
    const why = reasons.map(([reason, count]) =>
      reasons.length === 1
        ? t(`composer.rulesWhy_${reason}`)
        : `${n(count)} ${t(`composer.rulesWhy_${reason}`)}`,
    );
    return t('composer.rulesMoved', { count: n(total), why: why.join(', ') }, total);
  }

  /** A time as its customer's clock reads it, without the clock's name: `seg., 30/11, 09:00`. */
  function clockTime(iso: string, zone: string): string {
    return dateFormat(locale.value, SHORT, zone).format(new Date(iso));
  }

  /** A time on its customer's clock: `seg., 30/11, 09:00 (Horário do Acre)`. */
  function onTheirClock(iso: string, zone: string): string {
    return t('composer.rulesOnClock', {
      time: clockTime(iso, zone),
      clock: clockName(zone, new Date(iso), t),
    });
  }

  /**
   * The first and the last send as their clocks read them. Two ends that read the
   * same minute are one time, not a range ("de 09:00 a 09:00"): on one clock, that
   * time with its clock; on several, that time on each customer's clock.
   */
  function spanOf(estimate: CampaignEstimateView | null): Span | null {
    if (!estimate?.firstAt || !estimate.lastAt || !estimate.firstZone || !estimate.lastZone) return null;
    const { firstAt, lastAt, firstZone, lastZone } = estimate;
    const time = clockTime(firstAt, firstZone);
    if (time !== clockTime(lastAt, lastZone))
      return { kind: 'range', first: onTheirClock(firstAt, firstZone), last: onTheirClock(lastAt, lastZone) };
    const firstClock = clockName(firstZone, new Date(firstAt), t);
    const lastClock = clockName(lastZone, new Date(lastAt), t);
    return firstClock === lastClock
      ? { kind: 'one', at: onTheirClock(firstAt, firstZone) }
      : { kind: 'each', time, first: firstClock, last: lastClock };
  }

  /** When the first and the last message go out, on their customers' clocks; '' when all go at once. */
  function timesLine(estimate: CampaignEstimateView | null): string {
    const span = spanOf(estimate);
    if (!span) return '';
    if (span.kind === 'one') return t('composer.rulesAllAt', { first: span.at });
    if (span.kind === 'each') return t('composer.rulesAllAtEach', span);
    return t('composer.rulesFirstLast', span);
  }

  /** The owner's schedule, short, as a button says it: a time on each clock as written, an instant on its zone's. */
  function scheduleWords(scheduleAt: string, zone: string): string {
    if (!isWallClock(scheduleAt)) return onTheirClock(scheduleAt, zone);
    return dateFormat(locale.value, SHORT, 'UTC').format(new Date(`${scheduleAt}:00Z`));
  }

  /** The confirmation's "Quando" when the rules put every message later: one time, or from the first. */
  function laterLine(estimate: CampaignEstimateView | null): string {
    const span = spanOf(estimate);
    if (!span) return '';
    if (span.kind === 'one') return span.at;
    return t('composer.confirmFrom', { first: onTheirClock(estimate!.firstAt!, estimate!.firstZone!) });
  }

  /** The send confirmation's one line: who the rules leave out and how many go later; '' when none. */
  function confirmLine(estimate: CampaignEstimateView | null): string {
    if (!estimate) return '';
    const { excluded, moved } = estimate.rules;
    const out = excluded.blocked + excluded.cap;
    const later = moved.window + moved.sunday + moved.holiday;
    const parts: string[] = [];
    if (excluded.blocked > 0)
      parts.push(t('composer.rulesConfirmBlocked', { count: n(excluded.blocked) }, excluded.blocked));
    if (excluded.cap > 0)
      parts.push(t('composer.rulesConfirmCapped', { count: n(excluded.cap) }, excluded.cap));
    if (later > 0) parts.push(t('composer.rulesConfirmLater', { count: n(later) }, later));
    return out + later === 0 ? '' : t('composer.rulesConfirm', { what: parts.join('; ') });
  }

  const audienceLines = computed(() => leftOut(facts.audience));
  const moved = computed(() => (facts.estimate ? movedLine(facts.estimate.rules.moved) : ''));
  const times = computed(() => timesLine(facts.estimate));
  const confirm = computed(() => confirmLine(facts.estimate));
  /**
   * The rules put every message later (were it sent now, or at its schedule): nothing goes at
   * the click, so what the owner is told must not say "now".
   */
  const allLater = computed(() => {
    const e = facts.estimate;
    if (!e?.firstAt || !e.firstZone || e.recipients === 0) return false;
    const { window, sunday, holiday } = e.rules.moved;
    return window + sunday + holiday >= e.recipients;
  });
  /** When every message goes, in the confirmation's words; '' unless all go later. */
  const later = computed(() => (allLater.value ? laterLine(facts.estimate) : ''));
  /** When the first message goes out, on its customer's clock; '' when not known or at once. */
  const first = computed(() => {
    const e = facts.estimate;
    return e?.firstAt && e.firstZone ? onTheirClock(e.firstAt, e.firstZone) : '';
  });
  return { audienceLines, moved, times, confirm, first, allLater, later, scheduleWords };
}
