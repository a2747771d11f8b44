import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_DDDS, BRAZIL_CLOCKS, DDD_ZONES, dddOf, zoneOfPhone } from '@shared/rules/ddd-zones';

/** The 67 DDDs in use, by state (Anatel's plan of national codes). */
const IN_USE: Record<string, number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

/** Each state's offset from UTC today (no daylight saving time since 2019). */
const OFFSET_HOURS: Record<string, number> = {
  AC: -5,
  AM: -4,
  RR: -4,
  RO: -4,
  MT: -4,
  MS: -4,
};

/** The zone's offset from UTC at an instant, in hours (Intl's own tz data). */
function offsetHours(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
}

describe('DDD → time zone', () => {
  it('names every DDD in use, and nothing else', () => {
    const all = Object.values(IN_USE).flat();
    expect(all).toHaveLength(67);
    expect([...DDD_ZONES.keys()].sort()).toEqual([...all].sort());
    for (let code = 10; code <= 99; code++) {
      expect(DDD_ZONES.has(code), `DDD ${code}`).toBe(all.includes(code));
    }
  });

  it('puts each DDD in its state, on its state’s clock today and in the winter', () => {
    for (const at of [new Date('2026-01-15T12:00:00Z'), new Date('2026-07-15T12:00:00Z')]) {
      for (const [state, codes] of Object.entries(IN_USE)) {
        for (const code of codes) {
          const entry = DDD_ZONES.get(code)!;
          expect(entry.state, `DDD ${code}`).toBe(state);
          expect(offsetHours(entry.zone, at), `DDD ${code} (${entry.zone})`).toBe(OFFSET_HOURS[state] ?? -3);
        }
      }
    }
  });

  it('knows the two DDDs with two clocks: 81 (Noronha, UTC-2) and 97 (western Amazonas, UTC-5)', () => {
    const at = new Date('2026-03-10T12:00:00Z');
    expect([...AMBIGUOUS_DDDS.keys()]).toEqual([81, 97]);
    const [recife, noronha] = AMBIGUOUS_DDDS.get(81)!;
    expect([offsetHours(recife, at), offsetHours(noronha, at)]).toEqual([-3, -2]);
    const [manaus, west] = AMBIGUOUS_DDDS.get(97)!;
    expect([offsetHours(manaus, at), offsetHours(west, at)]).toEqual([-4, -5]);
    // The default is the DDD's own entry.
    expect(DDD_ZONES.get(81)!.zone).toBe(recife);
    expect(DDD_ZONES.get(97)!.zone).toBe(manaus);
  });

  it('offers one clock per offset to set by hand, UTC-2 to UTC-5', () => {
    const at = new Date('2026-03-10T12:00:00Z');
    expect(BRAZIL_CLOCKS.map((zone) => offsetHours(zone, at))).toEqual([-2, -3, -4, -5]);
  });

  it('times a number by its contact’s own zone first, then its DDD, else Brasília time', () => {
    expect(dddOf('+5568999990000')).toBe(68);
    expect(dddOf('+551133334444')).toBe(11);
    expect(dddOf('+14155550100')).toBeNull();
    expect(zoneOfPhone('+5568999990000')).toBe('America/Rio_Branco');
    expect(zoneOfPhone('+5581999990000')).toBe('America/Recife');
    expect(zoneOfPhone('+5581999990000', 'America/Noronha')).toBe('America/Noronha');
    expect(zoneOfPhone('+14155550100')).toBe('America/Sao_Paulo');
    expect(zoneOfPhone('+5520999990000')).toBe('America/Sao_Paulo');
  });
});
