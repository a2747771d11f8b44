import type { Language } from './journey';

/**
 * How a figure reads on the screen in the journey's language, written here
 * from scratch (Intl, not the app's formatters), so a journey catches the
 * app formatting a figure wrongly, not only computing it wrongly.
 */
export interface OwnerWords {
  /** An amount in reais as a pattern: `R$ 54,00` (pt-BR), `R$54.00` (en); any space after R$. */
  money(reais: number): RegExp;
  /** A whole number with the language's grouping: `1.000` (pt-BR), `1,000` (en). */
  count(n: number): string;
  /** The pt-BR or the English text, whichever the journey speaks. */
  say(pt: string, en: string): string;
  /** The same for patterns. */
  sayLike(pt: RegExp, en: RegExp): RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function ownerWords(language: Language): OwnerWords {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return {
    money: (reais) => new RegExp(`R\\$\\s?${escape(number.format(reais))}(?!\\d)`),
    count: (n) => whole.format(n),
    say: (pt, en) => (language === 'en' ? en : pt),
    sayLike: (pt, en) => (language === 'en' ? en : pt),
  };
}
