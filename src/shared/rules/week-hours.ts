/**
 * The sending window: for each day of the week, the hours messages may go
 * out on the recipient's own clock (start included, end excluded), or none.
 * Written as people say it, in English or Portuguese day names:
 * `mon-fri 09:00-18:00, sat 09:00-13:00` (`seg-sex 09:00-18:00, sáb 09:00-13:00`).
 * A day the text does not name has no hours. Hours do not wrap midnight:
 * a window is a daytime thing. Each day has one window, as the Rules page
 * shows it: a day named twice (`mon-fri 09:00-18:00, wed 10:00-12:00`, or a
 * lunch break as two windows) is refused naming both entries, never merged
 * or overridden unseen.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  /** `HH:MM`. */
  start: string;
  /** `HH:MM`, after `start` (`24:00` is the end of the day). */
  end: string;
}

export type WeekHours = Record<Weekday, DayHours | null>;

/** The strictest window the aggregators' policies have in common. */
export const DEFAULT_WEEK_HOURS: Readonly<WeekHours> = Object.freeze({
  mon: { start: '09:00', end: '18:00' },
  tue: { start: '09:00', end: '18:00' },
  wed: { start: '09:00', end: '18:00' },
  thu: { start: '09:00', end: '18:00' },
  fri: { start: '09:00', end: '18:00' },
  sat: { start: '09:00', end: '13:00' },
  sun: null,
});

const DAY_WORDS: Readonly<Record<string, Weekday>> = {
  mon: 'mon',
  monday: 'mon',
  seg: 'mon',
  segunda: 'mon',
  tue: 'tue',
  tuesday: 'tue',
  ter: 'tue',
  terca: 'tue',
  wed: 'wed',
  wednesday: 'wed',
  qua: 'wed',
  quarta: 'wed',
  thu: 'thu',
  thursday: 'thu',
  qui: 'thu',
  quinta: 'thu',
  fri: 'fri',
  friday: 'fri',
  sex: 'fri',
  sexta: 'fri',
  sat: 'sat',
  saturday: 'sat',
  sab: 'sat',
  sabado: 'sat',
  sun: 'sun',
  sunday: 'sun',
  dom: 'sun',
  domingo: 'sun',
};

const DAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Minutes since midnight of `HH:MM` (`24:00` is 1440). */
export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$|^24:00$/;
const normalClock = (text: string): string | null => {
  if (!CLOCK.test(text)) return null;
  const [h, m] = text.split(':');
  return `${h!.padStart(2, '0')}:${m}`;
};

const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

export type WeekHoursReading = { ok: true; hours: WeekHours } | { ok: false; problem: string };

/** Whether a window opens on some day other than Sunday (the Sundays rule may close that one). */
export const opensOnWeekdays = (hours: WeekHours): boolean =>
  WEEKDAYS.some((day) => day !== 'sun' && hours[day] !== null);

/** Reads a window as people write it; the problem (in English) names what is wrong. */
export function parseWeekHours(text: string): WeekHoursReading {
  const hours: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
  const entries = text
    .split(/[,;]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return { ok: false, problem: 'Give days and hours, e.g. "mon-fri 09:00-18:00".' };
  const namedBy: Partial<Record<Weekday, string>> = {};
  for (const entry of entries) {
    const digit = entry.search(/\d/);
    const days = (digit < 0 ? entry : entry.slice(0, digit)).replace(/-feira/gi, '').trim();
    const clock = /^(\d{1,2}:\d{2})\s*(?:-|–|a|to|até)\s*(\d{1,2}:\d{2})$/i.exec(
      digit < 0 ? '' : entry.slice(digit).trim(),
    );
    const named = days.split(/\s*[-–]\s*|\s+(?:a|to|até)\s+/i);
    if (!clock || days === '' || named.length > 2)
      return { ok: false, problem: `"${entry}" is not days and hours, e.g. "sat 09:00-13:00".` };
    const first = DAY_WORDS[fold(named[0]!)];
    const last = named.length === 1 ? first : DAY_WORDS[fold(named[1]!)];
    if (!first || !last) return { ok: false, problem: `"${entry}": unknown day (use mon, tue, … sun).` };
    const start = normalClock(clock[1]!);
    const end = normalClock(clock[2]!);
    if (!start || !end) return { ok: false, problem: `"${entry}": hours are HH:MM, 00:00 to 24:00.` };
    if (minutesOf(start) >= minutesOf(end))
      return { ok: false, problem: `"${entry}": the hours must end after they start.` };
    const from = WEEKDAYS.indexOf(first);
    const to = WEEKDAYS.indexOf(last);
    if (to < from) return { ok: false, problem: `"${entry}": days run from Monday to Sunday.` };
    for (let i = from; i <= to; i++) {
      const day = WEEKDAYS[i]!;
      const earlier = namedBy[day];
      if (earlier !== undefined) {
        return {
          ok: false,
          problem:
            `"${entry}" overlaps "${earlier}" on ${DAY_NAMES[day]}: a day has one window, ` +
            'so name each day once (e.g. "mon-tue 08:00-20:00, wed 10:00-12:00").',
        };
      }
      namedBy[day] = entry;
      hours[day] = { start, end };
    }
  }
  if (!opensOnWeekdays(hours))
    return { ok: false, problem: 'The window must open on at least one day from Monday to Saturday.' };
  return { ok: true, hours };
}

const sameHours = (a: DayHours | null, b: DayHours | null) =>
  a === b || (a !== null && b !== null && a.start === b.start && a.end === b.end);

/** The window as text, consecutive days with the same hours as one range: `mon-fri 09:00-18:00, sat 09:00-13:00`. */
export function formatWeekHours(hours: WeekHours): string {
  const parts: string[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const day = hours[WEEKDAYS[i]!];
    let j = i;
    while (j + 1 < WEEKDAYS.length && sameHours(hours[WEEKDAYS[j + 1]!], day)) j++;
    if (day) {
      const days = i === j ? WEEKDAYS[i] : `${WEEKDAYS[i]}-${WEEKDAYS[j]}`;
      parts.push(`${days} ${day.start}-${day.end}`);
    }
    i = j + 1;
  }
  return parts.join(', ');
}
