/**
 * Consent on record as the contact drawer takes it: the legal basis (or
 * none), where it came from, and the day as the window's language writes it
 * (pt-BR `15/03/2026`, en `03/15/2026`), read by the app's one date-cell
 * reader in that order; and which clocks a
 * contact can be put on when its DDD covers two (81: Recife or Fernando de
 * Noronha; 97: Manaus or Acre time).
 */
import { getTimezoneOffset } from 'date-fns-tz/getTimezoneOffset';
import type { ConsentBasis, ConsentView } from '@shared/dto';
import { type CellDate, type DayOrder, readDateCell } from '@shared/dates/read-date-cell';
import type { AppLocale } from '@renderer/i18n';
import { AMBIGUOUS_DDDS, BRAZIL_CLOCKS, isBrazilClock, type BrazilClock } from '@shared/rules/ddd-zones';

export type ConsentChoice = ConsentBasis | 'none';

export interface ConsentForm {
  basis: ConsentChoice;
  source: string;
  /** As typed: `15/03/2026` (pt-BR) or `03/15/2026` (en). */
  at: string;
  /** The order `at` was written in (the language's when it was typed); day first unless said. */
  order?: DayOrder;
}

export type ConsentReading =
  | { ok: true; consent: ConsentView | null }
  | { ok: false; problem: 'unreadable' | 'impossible' | 'future' | 'noYear' };

const two = (n: number) => String(n).padStart(2, '0');

/** How the window's language writes a day: pt-BR day first, English month first. */
export const dayOrderOf = (locale: AppLocale | string): DayOrder => (locale === 'en' ? 'mdy' : 'dmy');

function writeDay(date: CellDate & { year: number }, order: DayOrder): string {
  const [first, second] = order === 'mdy' ? [date.month, date.day] : [date.day, date.month];
  return `${two(first)}/${two(second)}/${String(date.year).padStart(4, '0')}`;
}

/** Today as the drawer writes it (`27/11/2026`; in English `11/27/2026`). */
export function todayText(now: Date = new Date(), order: DayOrder = 'dmy'): string {
  return writeDay({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }, order);
}

export function consentForm(consent: ConsentView | null, order: DayOrder = 'dmy'): ConsentForm {
  if (!consent) return { basis: 'none', source: '', at: '', order };
  const at = consent.at ? writeDay(readIso(consent.at), order) : '';
  return { basis: consent.basis, source: consent.source ?? '', at, order };
}

function readIso(iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** What the form says, as contacts:create/update take it; a day that cannot be read (or is still to come) is refused. */
export function readConsentForm(form: ConsentForm, now: Date = new Date()): ConsentReading {
  if (form.basis === 'none') return { ok: true, consent: null };
  const source = form.source.trim() || null;
  if (form.at.trim() === '') return { ok: true, consent: { basis: form.basis, source, at: null } };
  const read = readDateCell(form.at, { order: form.order ?? 'dmy' });
  if (!read.ok) return { ok: false, problem: read.reason === 'impossible' ? 'impossible' : 'unreadable' };
  const { year, month, day } = read.date;
  if (year === null) return { ok: false, problem: 'noYear' };
  const at = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
  const today = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  if (at > today) return { ok: false, problem: 'future' };
  return { ok: true, consent: { basis: form.basis, source, at } };
}

export const sameConsent = (a: ConsentView | null, b: ConsentView | null): boolean =>
  a === b || (!!a && !!b && a.basis === b.basis && a.source === b.source && a.at === b.at);

/** The DDD of a number as typed (`(81) 9...`, `+55 81 9...`); null when it has none that can be read. */
export function typedDdd(phone: string): number | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('55') && digits.length >= 12) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 10 ? Number(digits.slice(0, 2)) : null;
}

/** The one of Brazil's four clocks on the same offset as `zone` (Eirunepé keeps Acre time). */
function clockLike(zone: string): BrazilClock {
  if (isBrazilClock(zone)) return zone;
  const now = new Date();
  const offset = getTimezoneOffset(zone, now);
  return BRAZIL_CLOCKS.find((clock) => getTimezoneOffset(clock, now) === offset) ?? 'America/Sao_Paulo';
}

/**
 * The other clock a number's DDD covers (the DDD's own is the default, kept as null);
 * null when its DDD covers one clock.
 */
export function otherClockOf(phone: string): BrazilClock | null {
  const ddd = typedDdd(phone);
  const zones = ddd === null ? undefined : AMBIGUOUS_DDDS.get(ddd);
  return zones ? clockLike(zones[1]) : null;
}

/** The clock most of a number's DDD lives on (its default), as one of Brazil's four. */
export function dddClockOf(phone: string): BrazilClock {
  const ddd = typedDdd(phone);
  const zones = ddd === null ? undefined : AMBIGUOUS_DDDS.get(ddd);
  return clockLike(zones?.[0] ?? 'America/Sao_Paulo');
}
