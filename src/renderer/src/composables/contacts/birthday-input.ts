/**
 * A birthday as the contact drawer takes it: `15/03/1990`, `15/03` (year
 * unknown) or `1990-03-15`, read by the app's one date-cell reader (day
 * first, as Brazilians write it), then held to the same rules as the core
 * (a day that exists, an age from 0 to 120).
 */
import { birthdayProblem, formatBirthday, type ContactBirthday } from '@shared/birthday';
import { readDateCell } from '@shared/dates/read-date-cell';

export type BirthdayReading =
  | { ok: true; birthday: ContactBirthday | null }
  | { ok: false; problem: 'unreadable' | 'impossible' | 'age' };

export function readBirthdayInput(text: string, now: Date = new Date()): BirthdayReading {
  if (text.trim() === '') return { ok: true, birthday: null };
  const read = readDateCell(text);
  if (!read.ok) return { ok: false, problem: read.reason === 'impossible' ? 'impossible' : 'unreadable' };
  const birthday = { day: read.date.day, month: read.date.month, year: read.date.year };
  const problem = birthdayProblem(birthday, now);
  return problem ? { ok: false, problem } : { ok: true, birthday };
}

/** The drawer's text for a kept birthday ('' for none). */
export const birthdayText = (b: ContactBirthday | null): string => (b ? formatBirthday(b) : '');
