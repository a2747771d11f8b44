/**
 * Each Brazilian area code (DDD) and the clock its people live on: the IANA
 * zone of its state (or part of a state), so that a message "at 09:00"
 * reaches Rio Branco at 09:00 Rio Branco time, not at 07:00.
 *
 * Zones are per state, not per offset: today Brazil has four offsets and no
 * daylight saving time, but the states kept their own IANA zones, so if a
 * state's clock changes again the zone data (tzdata, in Node and Chromium)
 * changes with it and this table does not.
 *
 * Two DDDs cover two clocks (AMBIGUOUS_DDDS): 81 is Pernambuco (Recife,
 * UTC-3) and Fernando de Noronha (UTC-2); 97 is western Amazonas, mostly on
 * Manaus time (UTC-4) with a south-western part on Acre time (UTC-5,
 * Eirunepé, Tabatinga...). They default to the clock of most of their
 * people; a contact can name its own (the contact drawer).
 *
 * Sources: Anatel's plan of national codes (the 67 DDDs in use); the IANA
 * time zone database's zones for Brazil (zone1970.tab); Lei 11.662/2008
 * and Lei 12.876/2013 (the offsets of Acre and western Amazonas).
 */
import { APP_TIME_ZONE } from '../display-format';

export interface DddZone {
  /** The state (UF) the DDD is in. */
  state: string;
  /** The IANA zone most of its people live on. */
  zone: string;
}

const SAO_PAULO = 'America/Sao_Paulo';
const FORTALEZA = 'America/Fortaleza';
const RECIFE = 'America/Recife';
const MACEIO = 'America/Maceio';
const BAHIA = 'America/Bahia';
const BELEM = 'America/Belem';
const MANAUS = 'America/Manaus';
const CUIABA = 'America/Cuiaba';

const ddds = (codes: number[], state: string, zone: string): [number, DddZone][] =>
  codes.map((code) => [code, { state, zone }]);

/** Every DDD in use (Anatel), 67 of them. */
export const DDD_ZONES: ReadonlyMap<number, DddZone> = new Map([
  ...ddds([11, 12, 13, 14, 15, 16, 17, 18, 19], 'SP', SAO_PAULO),
  ...ddds([21, 22, 24], 'RJ', SAO_PAULO),
  ...ddds([27, 28], 'ES', SAO_PAULO),
  ...ddds([31, 32, 33, 34, 35, 37, 38], 'MG', SAO_PAULO),
  ...ddds([41, 42, 43, 44, 45, 46], 'PR', SAO_PAULO),
  ...ddds([47, 48, 49], 'SC', SAO_PAULO),
  ...ddds([51, 53, 54, 55], 'RS', SAO_PAULO),
  ...ddds([61], 'DF', SAO_PAULO),
  ...ddds([62, 64], 'GO', SAO_PAULO),
  ...ddds([63], 'TO', 'America/Araguaina'),
  ...ddds([65, 66], 'MT', CUIABA),
  ...ddds([67], 'MS', 'America/Campo_Grande'),
  ...ddds([68], 'AC', 'America/Rio_Branco'),
  ...ddds([69], 'RO', 'America/Porto_Velho'),
  ...ddds([71, 73, 74, 75, 77], 'BA', BAHIA),
  ...ddds([79], 'SE', MACEIO),
  ...ddds([81, 87], 'PE', RECIFE),
  ...ddds([82], 'AL', MACEIO),
  ...ddds([83], 'PB', FORTALEZA),
  ...ddds([84], 'RN', FORTALEZA),
  ...ddds([85, 88], 'CE', FORTALEZA),
  ...ddds([86, 89], 'PI', FORTALEZA),
  ...ddds([91, 94], 'PA', BELEM),
  ...ddds([93], 'PA', 'America/Santarem'),
  ...ddds([92, 97], 'AM', MANAUS),
  ...ddds([95], 'RR', 'America/Boa_Vista'),
  ...ddds([96], 'AP', BELEM),
  ...ddds([98, 99], 'MA', FORTALEZA),
]);

/** DDDs whose area spans two clocks: the default zone first, then the other one. */
export const AMBIGUOUS_DDDS: ReadonlyMap<number, readonly [string, string]> = new Map([
  [81, [RECIFE, 'America/Noronha']],
  [97, [MANAUS, 'America/Eirunepe']],
]);

/**
 * The clocks a contact can be set to by hand, one per offset Brazil uses
 * (UTC-2 to UTC-5), named by the zone people know them by.
 */
export const BRAZIL_CLOCKS = ['America/Noronha', SAO_PAULO, MANAUS, 'America/Rio_Branco'] as const;
export type BrazilClock = (typeof BRAZIL_CLOCKS)[number];

export const isBrazilClock = (zone: string): zone is BrazilClock =>
  (BRAZIL_CLOCKS as readonly string[]).includes(zone);

/** The DDD of a Brazilian number in E.164 (`+5568999990000` → 68); null for any other number. */
export function dddOf(e164: string): number | null {
  const m = /^\+55(\d{2})\d{8,9}$/.exec(e164);
  return m ? Number(m[1]) : null;
}

/**
 * The zone a number's messages are timed in: the contact's own choice when
 * it has one, else its DDD's, else (a number outside Brazil, or a DDD not
 * in use) Brasília time, the app's clock.
 */
export function zoneOfPhone(e164: string, own?: string | null): string {
  if (own) return own;
  const ddd = dddOf(e164);
  return (ddd !== null && DDD_ZONES.get(ddd)?.zone) || APP_TIME_ZONE;
}
