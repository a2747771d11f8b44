/** A share (0.123) as people read it: `12,3%` in Portuguese, `12.3%` in English; one decimal at most. */
export function formatPercent(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
