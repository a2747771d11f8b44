import { useI18n } from 'vue-i18n';
import { formatBrl } from '@shared/display-format';

/** An amount in reais for the given locale: `R$ 1.234,56` in pt-BR, `R$ 1,234.56` in en (one form per language, shared with the core). */
export const formatMoney = (amount: number, locale: string): string => formatBrl(amount, locale);

/** `formatMoney` following the current UI language. */
export function useMoney(): (amount: number) => string {
  const { locale } = useI18n();
  return (amount) => formatMoney(amount, locale.value);
}

/** Whole numbers with the locale's grouping: `10.000` in pt-BR, `10,000` in en. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * A typed amount of reais back to a number: `1.234,56` (pt-BR) or `1,234.56`
 * (en); a lone separator followed by one or two digits is taken as the
 * decimal one in either language. null when it is not an amount.
 */
export function parseMoneyInput(text: string, locale: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, '');
  if (cleaned === '') return null;
  if (!/^[\d.,]+$/.test(cleaned)) return null;
  const decimal = locale.startsWith('pt') ? ',' : '.';
  const group = decimal === ',' ? '.' : ',';
  let normalised = cleaned.split(group).join('');
  if (!normalised.includes(decimal)) {
    // `12.5` typed in pt-BR (or `12,5` in en): a single other separator with 1-2 digits after it.
    const other = /^(\d+)[.,](\d{1,2})$/.exec(cleaned);
    if (other) normalised = `${other[1]}${decimal}${other[2]}`;
  }
  const parts = normalised.split(decimal);
  if (parts.length > 2 || parts.some((p) => p !== '' && !/^\d+$/.test(p))) return null;
  const value = Number(`${parts[0] || '0'}.${parts[1] ?? ''}`);
  return Number.isFinite(value) ? value : null;
}

/** An amount for a money input: `1.234,50` in pt-BR, `1,234.50` in en (no currency sign: the input shows it). */
export function formatMoneyInput(value: number | null, locale: string): string {
  if (value === null) return '';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * A typed whole count (credits): `2500`, `2.500`, `2,500` or `2 500`. null
 * when it is not a whole number written that way (`2,5`, `abc`).
 */
export function parseCountInput(text: string): number | null {
  const cleaned = text.trim();
  if (/^\d+$/.test(cleaned)) return Number(cleaned);
  if (/^\d{1,3}([.,\s\u00a0]\d{3})+$/.test(cleaned)) return Number(cleaned.replace(/\D/g, ''));
  return null;
}
