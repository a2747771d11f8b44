import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../../../src/core/contacts/import';
import { brazilFastPath } from '../../../../src/core/contacts/import/br-phone-fast-path';

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
    expect(normalizePhone('(20) 98765-4321')).toEqual({ ok: false, reason: 'invalid' }); // no DDD 20
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

  it('leaves what it is not sure about to the library', () => {
    expect(brazilFastPath('tel 11 98765-4321', 'BR')).toBeUndefined();
    expect(brazilFastPath('+1 202 555 0143', 'BR')).toBeUndefined();
    expect(brazilFastPath('11 98765-4321', 'US')).toBeUndefined();
    expect(brazilFastPath('(20) 98765-4321', 'BR')).toBeUndefined();
  });
});
