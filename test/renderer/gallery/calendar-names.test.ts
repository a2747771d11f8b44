/**
 * The calendar words the national holidays as the Rules page does: the core
 * and the CLI take the names from shared/calendar/calendar-names.ts, the
 * Rules page from its i18n; a holiday renamed in one place only fails here.
 */
import { describe, expect, it } from 'vitest';
import { CALENDAR_NAMES } from '@shared/calendar/calendar-names';
import { holidaysOf } from '@shared/rules/holidays';
import rulesPtBR from '@renderer/i18n/pt-BR/rules';
import rulesEn from '@renderer/i18n/en/rules';

describe('the calendar’s holiday names', () => {
  it('are the Rules page’s, in both languages', () => {
    for (const h of holidaysOf(2026)) {
      expect(CALENDAR_NAMES['pt-BR'][h.name]).toBe(rulesPtBR.rules.holidayNames[h.name]);
      expect(CALENDAR_NAMES.en[h.name]).toBe(rulesEn.rules.holidayNames[h.name]);
    }
  });
});
