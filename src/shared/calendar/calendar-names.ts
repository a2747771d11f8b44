/**
 * The calendar's days by name in the app's two languages: the selling days
 * (retail-days.ts) and the national holidays of the sending rules
 * (rules/holidays.ts). The core words them for the CLI and for the
 * calendar's entries; the holiday names are written once here, and the
 * Rules page takes them (renderer i18n `rules.holidayNames`).
 */
import type { AppLanguage } from '../app-language';
import type { HolidayName } from '../rules/holidays';
import type { RetailDay } from './retail-days';

export type CalendarDayName = RetailDay | HolidayName;

/** The national holidays' names: the Rules page's (renderer i18n `rules.holidayNames`) too. */
export const HOLIDAY_NAMES: Readonly<Record<AppLanguage, Record<HolidayName, string>>> = {
  'pt-BR': {
    newYear: 'Confraternização Universal',
    carnivalMonday: 'Carnaval (segunda)',
    carnivalTuesday: 'Carnaval (terça)',
    goodFriday: 'Sexta-feira Santa',
    tiradentes: 'Tiradentes',
    labourDay: 'Dia do Trabalho',
    corpusChristi: 'Corpus Christi',
    independence: 'Independência do Brasil',
    aparecida: 'Nossa Senhora Aparecida',
    allSouls: 'Finados',
    republic: 'Proclamação da República',
    blackConsciousness: 'Dia da Consciência Negra',
    christmas: 'Natal',
  },
  en: {
    newYear: 'New Year’s Day',
    carnivalMonday: 'Carnival (Monday)',
    carnivalTuesday: 'Carnival (Tuesday)',
    goodFriday: 'Good Friday',
    tiradentes: 'Tiradentes',
    labourDay: 'Labour Day',
    corpusChristi: 'Corpus Christi',
    independence: 'Independence Day',
    aparecida: 'Our Lady of Aparecida',
    allSouls: 'All Souls’ Day',
    republic: 'Republic Day',
    blackConsciousness: 'Black Consciousness Day',
    christmas: 'Christmas',
  },
};

export const CALENDAR_NAMES: Readonly<Record<AppLanguage, Record<CalendarDayName, string>>> = {
  'pt-BR': {
    ...HOLIDAY_NAMES['pt-BR'],
    voltaAsAulas: 'Volta às aulas',
    diaDasMaes: 'Dia das Mães',
    diaDosNamorados: 'Dia dos Namorados',
    diaDosPais: 'Dia dos Pais',
    diaDoCliente: 'Dia do Cliente',
    diaDasCriancas: 'Dia das Crianças',
    blackFriday: 'Black Friday',
    natal: 'Natal',
    aniversarioDaLoja: 'Aniversário da loja',
  },
  en: {
    ...HOLIDAY_NAMES.en,
    voltaAsAulas: 'Back to school',
    diaDasMaes: 'Mother’s Day',
    diaDosNamorados: 'Valentine’s Day (Brazil)',
    diaDosPais: 'Father’s Day',
    diaDoCliente: 'Customer Day',
    diaDasCriancas: 'Children’s Day',
    blackFriday: 'Black Friday',
    natal: 'Christmas',
    aniversarioDaLoja: 'Your shop’s anniversary',
  },
};
