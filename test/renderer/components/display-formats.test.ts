import { describe, expect, it } from 'vitest';
import { formatInZone, formatShortInZone } from '@renderer/composables/zoned-time';
import { formatDateTime } from '@renderer/composables/format-date-time';
import { formatMoney } from '@renderer/composables/use-money';
import { formatRelativeTime } from '@renderer/composables/use-relative-time';

// 17:05 UTC is 14:05 in Brasília: what a shop in Brazil reads, whatever zone the computer (or CI) is in.
const AFTERNOON = '2026-11-25T17:05:00.000Z';
const words = { justNow: 'just now', onDate: (date: string) => `on ${date}` };

describe('one money form per language, everywhere', () => {
  it('writes reais with a space after R$ in both languages, as the core’s texts do', () => {
    expect(formatMoney(50, 'pt-BR')).toBe('R$\u00a050,00');
    expect(formatMoney(1234.5, 'pt-BR')).toBe('R$\u00a01.234,50');
    expect(formatMoney(50, 'en')).toBe('R$\u00a050.00');
    expect(formatMoney(1234.5, 'en')).toBe('R$\u00a01,234.50');
  });

  it('puts the minus before R$, and never writes -R$ 0,00', () => {
    expect(formatMoney(-3, 'pt-BR')).toBe('-R$\u00a03,00');
    expect(formatMoney(-0.001, 'en')).toBe('R$\u00a00.00');
  });
});

describe('one zone and one date form per language, everywhere', () => {
  it('shows dates on Brasília time, day first, 24-hour clock, in both languages', () => {
    expect(formatDateTime(AFTERNOON, 'pt-BR')).toBe('25/11/2026, 14:05');
    expect(formatDateTime(AFTERNOON, 'en')).toBe('25/11/2026, 14:05');
  });

  it('an older time after “updated” reads the same way', () => {
    const now = Date.parse(AFTERNOON) + 3 * 24 * 60 * 60 * 1000;
    expect(formatRelativeTime(AFTERNOON, now, 'en', words)).toBe('on 25/11/2026, 14:05');
  });

  it('a campaign’s own schedule zone keeps its clock, written the same way', () => {
    expect(formatShortInZone(AFTERNOON, 'America/Manaus', 'en')).toBe('25/11/2026, 13:05');
    // (ICU versions differ on the comma after the weekday.)
    expect(formatInZone(AFTERNOON, 'America/Sao_Paulo', 'en')).toMatch(
      /^Wednesday,? 25 November 2026 at 14:05$/,
    );
  });
});
