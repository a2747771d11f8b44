import { useI18n } from 'vue-i18n';

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in reais for the given locale: `R$ 1.234,56` in pt-BR, `R$1,234.56` in en. */
export function formatMoney(amount: number, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount);
}

/** `formatMoney` following the current UI language. */
export function useMoney(): (amount: number) => string {
  const { locale } = useI18n();
  return (amount) => formatMoney(amount, locale.value);
}
