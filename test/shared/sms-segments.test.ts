import { describe, expect, it } from 'vitest';
import { countParts, countSegments, gsmUnits } from '@shared/sms-segments';

const gsm = (n: number) => 'a'.repeat(n);
const ucs = (n: number) => 'ç'.repeat(n);

describe('countSegments: GSM-7', () => {
  it.each([
    [1, 1, 160],
    [160, 1, 160],
    [161, 2, 153],
    [306, 2, 153],
    [307, 3, 153],
    [459, 3, 153],
    [460, 4, 153],
    [1600, 11, 153],
  ])('%i plain characters take %i part(s) of %i', (n, segments, perSegment) => {
    expect(countSegments(gsm(n))).toEqual({
      encoding: 'GSM-7',
      units: n,
      segments,
      perSegment,
      nonGsmChars: [],
    });
  });

  it('counts every extension character as 2 units', () => {
    for (const ch of '^{}\\[~]|€\f') {
      expect(gsmUnits(ch), ch).toBe(2);
      expect(countSegments(ch).units).toBe(2);
    }
    expect(countSegments('€' + gsm(158))).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments('{' + gsm(159))).toMatchObject({ units: 161, segments: 2 });
  });

  it('never splits an ESC pair across parts', () => {
    // 152 plain + € would end at unit 154 of the first 153-unit part: € moves to part 2.
    expect(countSegments(gsm(152) + '€' + gsm(151)).segments).toBe(2); // 152 | 2+151 = 153
    expect(countSegments(gsm(152) + '€' + gsm(152)).segments).toBe(3); // 152 | 153 | 1
  });

  it('keeps Portuguese and Spanish letters of the default alphabet in GSM-7', () => {
    for (const ch of 'éñüàÇÉÑÜÄÖäöèùìòÅåØøÆæß¿¡£¥§¤@$_') expect(gsmUnits(ch), ch).toBe(1);
    expect(countSegments('Olá').encoding).toBe('UCS-2');
    expect(countSegments('Señor, café à la crème? Über!').encoding).toBe('GSM-7');
  });

  it('knows the Greek capitals of the default alphabet (not Latin look-alikes)', () => {
    for (const cp of [0x394, 0x3a6, 0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e]) {
      expect(gsmUnits(String.fromCodePoint(cp))).toBe(1);
    }
    expect(gsmUnits('α')).toBe(0);
  });

  it('counts newlines and carriage returns as single GSM units', () => {
    expect(countSegments('a\r\nb')).toMatchObject({ encoding: 'GSM-7', units: 4 });
  });

  it('returns 0 parts for an empty text', () => {
    expect(countSegments('')).toEqual({
      encoding: 'GSM-7',
      units: 0,
      segments: 0,
      perSegment: 160,
      nonGsmChars: [],
    });
  });
});

describe('countSegments: UCS-2', () => {
  it('lower-case ç is not in the GSM default alphabet (only Ç is, at 0x09)', () => {
    expect(gsmUnits('ç')).toBe(0);
    expect(gsmUnits('Ç')).toBe(1);
    expect(countSegments('Promoção')).toMatchObject({ encoding: 'UCS-2', nonGsmChars: ['ç', 'ã'] });
  });

  it.each([
    [1, 1, 70],
    [70, 1, 70],
    [71, 2, 67],
    [134, 2, 67],
    [135, 3, 67],
    [201, 3, 67],
    [202, 4, 67],
  ])('%i UCS-2 characters take %i part(s) of %i', (n, segments, perSegment) => {
    expect(countSegments(ucs(n))).toEqual({
      encoding: 'UCS-2',
      units: n,
      segments,
      perSegment,
      nonGsmChars: ['ç'],
    });
  });

  it('counts an emoji as 2 UTF-16 units', () => {
    expect(countSegments('😀')).toMatchObject({
      encoding: 'UCS-2',
      units: 2,
      segments: 1,
      nonGsmChars: ['😀'],
    });
    expect(countSegments('😀' + gsm(68)).segments).toBe(1); // 70 units
    expect(countSegments('😀' + gsm(69)).segments).toBe(2); // 71 units
  });

  it('never splits a surrogate pair across parts', () => {
    // 66 units then an emoji: 68 > 67, so the emoji opens part 2.
    expect(countSegments(gsm(66) + '😀' + gsm(65)).segments).toBe(2); // 66 | 2+65 = 67
    expect(countSegments(gsm(66) + '😀' + gsm(66)).segments).toBe(3); // 66 | 67 | 1
  });

  it('lists each non-GSM character once, in order', () => {
    expect(countSegments('ãçãõ a ç').nonGsmChars).toEqual(['ã', 'ç', 'õ']);
  });

  it('counts GSM characters in a UCS-2 text as 1 unit, extension ones too', () => {
    expect(countSegments('ç€{')).toMatchObject({ encoding: 'UCS-2', units: 3 });
  });
});

describe("countParts: the freeze's quick count", () => {
  // Texts around every boundary, in both encodings, with and without ESC and surrogate pairs
  // (where countParts takes its shortcut and where it packs), lone surrogates included.
  const fillers = ['a', 'ç', '€', '😀', '\ud83d', '\ude00', 'a€', 'ç😀', 'Olá '];
  const lengths = [0, 1, 2, 65, 66, 67, 68, 69, 70, 71, 72, 133, 134, 135, 136, 151, 152, 153, 154];
  const vectors: string[] = ['', 'Olá {{nome}}', 'Señor, café à la crème? Über!', 'a\r\nb', '\f'];
  for (const n of [...lengths, 159, 160, 161, 162, 305, 306, 307, 459, 460, 1599, 1600]) {
    for (const filler of fillers) {
      const body = filler.repeat(Math.ceil(n / filler.length)).slice(0, n);
      vectors.push(body, 'a' + body, body + '€', body + '😀', 'ç' + body, body.slice(0, -1) + '{');
    }
  }

  it("gives countSegments's encoding and parts for every vector", () => {
    // Both encodings and multi-part texts are among the vectors (the shortcut and the packing both run).
    expect(
      new Set(vectors.map((text) => `${countSegments(text).encoding} ${countSegments(text).segments}`)).size,
    ).toBeGreaterThan(12);
    for (const text of vectors) {
      const full = countSegments(text);
      expect(countParts(text), JSON.stringify(text)).toEqual({
        encoding: full.encoding,
        segments: full.segments,
      });
    }
  });
});

describe('countSegments: speed', () => {
  it('counts 5000 long messages quickly', () => {
    const text = 'Olá Maria, sua promoção chegou! '.repeat(50).slice(0, 1600);
    const t0 = performance.now();
    for (let i = 0; i < 5000; i++) countSegments(text + i);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
