import { useI18n } from 'vue-i18n';
import { formatCount } from '../use-money';

/**
 * What adding numbers to the opt-out list did, in one line: how many joined,
 * how many were already there (each part only when not zero). Typed numbers
 * and a file of numbers report the same way.
 */
export function useOptOutCountsText(): (counts: { added: number; already: number }) => string {
  const { t, locale } = useI18n();
  const count = (n: number) => formatCount(n, locale.value);
  return ({ added, already }) =>
    [
      added > 0 ? t('optOuts.added', { count: count(added) }, added) : '',
      already > 0 ? t('optOuts.already', { count: count(already) }, already) : '',
    ]
      .filter(Boolean)
      .join(' ');
}
