/**
 * `campaign create --schedule DATE`: read by the app's one date reader
 * (shared/dates/read-date.ts), never by JavaScript's guessing parser. It
 * takes `dd/mm/aaaa hh:mm` (that time on each recipient's own clock; read
 * on Brasília's to check it exists and is ahead) or ISO 8601 with an offset; any
 * other text, an impossible date or a time already past is a usage error
 * (exit 2) that names the forms. The instant kept is said back in the
 * owner's terms (Brasília wall clock) beside the wire's ISO form.
 */
import { formatInTimeZone } from '../shared/dates/zoned-clock';
import { DATE_FORM_EXAMPLES, readDate, type DateForm, type DateRefusal } from '../shared/dates/read-date';
import { APP_TIME_ZONE, dateFormat } from '../shared/display-format';
import { appLanguage, type AppLanguage } from '../shared/app-language';
import { UsageError } from './usage';

const FORMS: readonly DateForm[] = ['br-date-time', 'iso-offset'];

/** What `--json` prints for the schedule, and the line said after a draft is made. */
export interface ScheduleEcho {
  /** The instant, as the wire and the database keep it (ISO with milliseconds and Z). */
  at: string;
  /** The same instant on Brasília's clock, as the owner wrote it: `05/12/2026 09:00`. */
  local: string;
  zone: string;
  /**
   * Given without an offset (`dd/mm/aaaa hh:mm`): that wall-clock time,
   * `YYYY-MM-DDTHH:MM`, kept for each recipient's own clock (issue 26; the
   * sending rules time each message by it). Null: an instant with an offset.
   */
  onEachClock: string | null;
}

const TEXT: Record<AppLanguage, { forms: string; refusal: Record<DateRefusal, (typed: string) => string> }> =
  {
    'pt-BR': {
      forms: `Use dia/mês/ano e hora no horário de Brasília (${DATE_FORM_EXAMPLES['br-date-time']}) ou ISO 8601 com fuso (${DATE_FORM_EXAMPLES['iso-offset']}).`,
      refusal: {
        empty: () => '--schedule precisa de uma data e hora.',
        'bare-number': (t) => `--schedule: "${t}" é só um número, não uma data.`,
        'unknown-form': (t) => `--schedule: "${t}" não é uma data e hora que o Torpedo lê sem adivinhar.`,
        impossible: (t) => `--schedule: "${t}" não existe no calendário ou no relógio.`,
        past: (t) => `--schedule: "${t}" já passou; a campanha sairia na hora. Dê uma data e hora futuras.`,
      },
    },
    en: {
      forms: `Use day/month/year and time on Brasília time (${DATE_FORM_EXAMPLES['br-date-time']}) or ISO 8601 with an offset (${DATE_FORM_EXAMPLES['iso-offset']}).`,
      refusal: {
        empty: () => '--schedule needs a date and time.',
        'bare-number': (t) => `--schedule: "${t}" is a number alone, not a date.`,
        'unknown-form': (t) => `--schedule: "${t}" is not a date and time Torpedo reads without guessing.`,
        impossible: (t) => `--schedule: "${t}" does not exist on the calendar or the clock.`,
        past: (t) =>
          `--schedule: "${t}" is already past; the campaign would go out at once. Give a future date and time.`,
      },
    },
  };

/** `05/12/2026 09:00` on Brasília's clock. */
export const brasiliaWallClock = (at: Date): string =>
  dateFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }, APP_TIME_ZONE).format(at).replace(',', '');

/** The schedule the command line asked for, or a usage error in the terminal's language. */
export function scheduleOf(
  text: string | undefined,
  locale: string,
  now: Date = new Date(),
): ScheduleEcho | null {
  if (text === undefined) return null;
  const reading = readDate(text, { forms: FORMS, now, future: true });
  if (!reading.ok) {
    const words = TEXT[appLanguage(locale)];
    const typed = text.trim().slice(0, 40);
    throw new UsageError(`${words.refusal[reading.reason](typed)} ${words.forms}`);
  }
  const onEachClock =
    reading.form === 'br-date-time'
      ? formatInTimeZone(reading.at, APP_TIME_ZONE, "yyyy-MM-dd'T'HH:mm")
      : null;
  return {
    at: reading.at.toISOString(),
    local: brasiliaWallClock(reading.at),
    zone: APP_TIME_ZONE,
    onEachClock,
  };
}
