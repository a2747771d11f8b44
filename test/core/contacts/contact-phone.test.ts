import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { brazilFastPath } from '@core/contacts/phone/br-phone-fast-path';
import { normalizePhone, normalizeWithLibrary } from '@core/contacts/phone/contact-phone';

describe('normalizePhone', () => {
  it.each(['(11) 98765-4321', '011 98765-4321', '+55 11 98765 4321', '5511987654321'])(
    '%s becomes +5511987654321',
    (raw) => {
      expect(normalizePhone(raw)).toEqual({ ok: true, e164: '+5511987654321' });
    },
  );

  it.each([
    '11987654321',
    '(11)98765-4321',
    '11 9 8765-4321',
    '+55 (11) 98765-4321',
    '11.98765.4321',
    ' 11 98765-4321 ',
    '0 11 98765 4321',
    '0 21 11 98765 4321', // carrier selection code
    '+55 0 11 98765 4321',
    '５５１１９８７６５４３２１', // full-width digits
  ])('also reads %j', (raw) => {
    expect(normalizePhone(raw)).toEqual({ ok: true, e164: '+5511987654321' });
  });

  it('accepts landlines and other area codes', () => {
    expect(normalizePhone('(11) 3456-7890')).toEqual({ ok: true, e164: '+551134567890' });
    expect(normalizePhone('(55) 98765-4321')).toEqual({ ok: true, e164: '+5555987654321' }); // DDD 55, Santa Maria
    expect(normalizePhone('(21) 2345-6789')).toEqual({ ok: true, e164: '+552123456789' });
  });

  it('rejects numbers Excel destroyed with scientific notation', () => {
    for (const raw of ['5.51199E+12', '5,51199E+12', '5.51199e12', '1E+11']) {
      expect(normalizePhone(raw)).toEqual({ ok: false, reason: 'excel_scientific' });
    }
  });

  it('reads a phone Excel kept as a number and wrote with zero decimals as its digits', () => {
    for (const raw of ['11987654321.0', '11987654321,00', '5511987654321.0', '+5511987654321.000']) {
      expect(normalizePhone(raw)).toEqual({ ok: true, e164: '+5511987654321' });
    }
    expect(normalizePhone('1187654321.0')).toEqual({
      ok: false,
      reason: 'old_mobile',
      suggestion: '+5511987654321',
    });
    // Decimals that are not zeros are not a phone's.
    expect(normalizePhone('11987654321.5')).toMatchObject({ ok: false });
    expect(normalizePhone('11987654321.05')).toMatchObject({ ok: false });
  });

  it('suggests the 9-digit form of an old 8-digit mobile', () => {
    for (const raw of [
      '(11) 8765-4321',
      '11 8765-4321',
      '+55 11 8765-4321',
      '551187654321',
      '011 8765 4321',
    ]) {
      expect(normalizePhone(raw)).toEqual({ ok: false, reason: 'old_mobile', suggestion: '+5511987654321' });
    }
    expect(normalizePhone('(21) 6123-4567')).toMatchObject({ suggestion: '+5521961234567' });
  });

  it('explains short, long, invalid and empty numbers', () => {
    expect(normalizePhone('')).toEqual({ ok: false, reason: 'empty' });
    expect(normalizePhone('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(normalizePhone('1234')).toEqual({ ok: false, reason: 'too_short' });
    expect(normalizePhone('98765-4321')).toEqual({ ok: false, reason: 'too_short' }); // no DDD
    expect(normalizePhone('8765-4321')).toEqual({ ok: false, reason: 'too_short' });
    expect(normalizePhone('119876543210')).toEqual({ ok: false, reason: 'too_long' });
    expect(normalizePhone('(20) 98765-4321')).toEqual({
      ok: false,
      reason: 'unknown_area_code',
      areaCode: '20',
    }); // no DDD 20
    expect(normalizePhone('+55 20 3456-7890')).toEqual({
      ok: false,
      reason: 'unknown_area_code',
      areaCode: '20',
    });
    expect(normalizePhone('(11) 1345-6789')).toEqual({ ok: false, reason: 'invalid' });
    expect(normalizePhone('ligar depois')).toEqual({ ok: false, reason: 'invalid' });
    expect(normalizePhone('1'.repeat(200))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('uses another default country when asked, and reads +CC numbers whatever the default', () => {
    expect(normalizePhone('(202) 555-0143', 'US')).toEqual({ ok: true, e164: '+12025550143' });
    expect(normalizePhone('912 345 678', 'PT')).toEqual({ ok: true, e164: '+351912345678' });
    expect(normalizePhone('+1 202 555 0143')).toEqual({ ok: true, e164: '+12025550143' });
    expect(normalizePhone('+55 11 98765-4321', 'PT')).toEqual({ ok: true, e164: '+5511987654321' });
    expect(normalizePhone('11 98765-4321', 'PT')).toMatchObject({ ok: false });
  });
});

describe('the Brazilian fast path agrees with libphonenumber', () => {
  // Every area code, every first subscriber digit, in the shapes people type.
  const areaCodes = Array.from({ length: 90 }, (_, i) => String(i + 10));
  const shapes = [
    (ddd: string, sub: string) => `(${ddd}) ${sub.slice(0, -4)}-${sub.slice(-4)}`,
    (ddd: string, sub: string) => `0${ddd} ${sub}`,
    (ddd: string, sub: string) => `+55 ${ddd} ${sub}`,
    (ddd: string, sub: string) => `55${ddd}${sub}`,
    (ddd: string, sub: string) => `${ddd}${sub}`,
    (ddd: string, sub: string) => `+55${ddd}${sub}`,
  ];
  const inputs: string[] = [];
  let seed = 7;
  const digits = (n: number) =>
    Array.from({ length: n }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return String(seed % 10);
    }).join('');
  for (const ddd of areaCodes) {
    for (let first = 0; first <= 9; first++) {
      for (const sub of [`${first}${digits(7)}`, `9${first}${digits(7)}`, `${first}${digits(8)}`]) {
        for (const shape of shapes) inputs.push(shape(ddd, sub));
      }
    }
  }

  it(`on ${inputs.length} generated numbers`, () => {
    let decided = 0;
    for (const raw of inputs) {
      const fast = brazilFastPath(raw, 'BR');
      if (fast === undefined) continue;
      decided++;
      const library = parsePhoneNumberFromString(raw, { defaultCountry: 'BR' });
      if (fast.ok) {
        expect(library?.isValid(), raw).toBe(true);
        expect(library?.number, raw).toBe(fast.e164);
      } else if (fast.reason === 'too_short') {
        expect(normalizeWithLibrary(raw, 'BR'), raw).toEqual({ ok: false, reason: 'too_short' });
      } else {
        // Old 8-digit mobile. libphonenumber still lists 7xxx-xxxx as mobile (retired Nextel radio
        // numbers, network shut down in 2018): the one place we knowingly differ.
        const subscriberFirst = fast.suggestion.charAt(6);
        if (subscriberFirst !== '7') expect(library?.isValid(), raw).toBe(false);
        const suggested = parsePhoneNumberFromString(fast.suggestion);
        expect(suggested?.isValid(), fast.suggestion).toBe(true);
        expect(suggested?.getType(), fast.suggestion).toBe('MOBILE');
      }
    }
    // The fast path must decide the common shapes (a third of the inputs have an area code that does
    // not exist or a subscriber starting with 0/1, which it leaves to the library), or it is not a fast path.
    expect(decided).toBeGreaterThan(inputs.length * 0.4);
  });

  it('says "too short" of fragments exactly when the library does', () => {
    // Every number of 3 digits and a sample up to 7, bare and with the separators people type.
    const fragments = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
    for (let n = 4; n <= 7; n++) for (let k = 0; k < 150; k++) fragments.push(digits(n));
    const dressed = fragments.flatMap((d) => [
      d,
      `(${d.slice(0, 2)}) ${d.slice(2)}`,
      `${d.slice(0, 1)}-${d.slice(1)}`,
      `${d}.`,
      `(${d})`,
    ]);
    let decided = 0;
    for (const raw of dressed) {
      const fast = brazilFastPath(raw, 'BR');
      if (fast === undefined) continue;
      decided++;
      expect(fast, raw).toEqual({ ok: false, reason: 'too_short' });
      expect(normalizeWithLibrary(raw, 'BR'), raw).toEqual(fast);
    }
    expect(decided).toBeGreaterThan(dressed.length * 0.9);
    // One or two digits in punctuation are "not a number" to the library, not "too short".
    expect(brazilFastPath('(1)', 'BR')).toBeUndefined();
    expect(normalizePhone('(1)')).toEqual({ ok: false, reason: 'invalid' });
    // 00 starts an international prefix: the library reads a country code there, so it decides.
    expect(brazilFastPath('0012345', 'BR')).toBeUndefined();
    // 8 digits can be a number valid without a DDD (4004-0001); also for the library to say.
    expect(brazilFastPath('4004-0001', 'BR')).toBeUndefined();
    expect(normalizePhone('4004-0001')).toEqual({ ok: true, e164: '+5540040001' });
  });

  it('says "invalid" of text without a digit, as the library does', () => {
    for (const raw of ['sem telefone', '-', '( )', '+', 'n/a', 'não tem', '#']) {
      expect(normalizePhone(raw), raw).toEqual({ ok: false, reason: 'invalid' });
      expect(normalizeWithLibrary(raw, 'BR'), raw).toEqual({ ok: false, reason: 'invalid' });
    }
    // Digits of other scripts are digits to the library: not refused as text.
    expect(normalizePhone('(١١) ٩٨٧٦٥-٤٣٢١')).toEqual(normalizeWithLibrary('(١١) ٩٨٧٦٥-٤٣٢١', 'BR'));
  });

  it('leaves what it is not sure about to the library', () => {
    expect(brazilFastPath('tel 11 98765-4321', 'BR')).toBeUndefined();
    expect(brazilFastPath('+1 202 555 0143', 'BR')).toBeUndefined();
    expect(brazilFastPath('11 98765-4321', 'US')).toBeUndefined();
    expect(brazilFastPath('(20) 98765-4321', 'BR')).toBeUndefined();
  });
});
