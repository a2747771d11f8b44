import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { isLandline } from '@shared/phone-line';

describe('isLandline', () => {
  it.each([
    ['+551133334444', true], // São Paulo landline
    ['+558532345678', true], // Fortaleza landline
    ['+5508001234567', true], // 0800
    ['+5511987654321', false], // mobile
    ['+5585987654321', false],
    ['+442079460000', true], // London landline
    ['+447911123456', false], // UK mobile
    ['+14155552671', false], // US: fixed line or mobile, the library cannot tell
  ])('%s → %s', (phone, landline) => {
    expect(isLandline(phone)).toBe(landline);
  });

  it("decides Brazil's two shapes as libphonenumber does", () => {
    const ddd = fc.constantFrom('11', '21', '31', '41', '51', '61', '71', '81', '85', '91', '27', '62');
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
    const mobile = fc.tuple(ddd, digits(8)).map(([d, rest]) => `+55${d}9${rest.join('')}`);
    const fixed = fc
      .tuple(ddd, fc.integer({ min: 2, max: 5 }), digits(7))
      .map(([d, first, rest]) => `+55${d}${first}${rest.join('')}`);
    fc.assert(
      fc.property(fc.oneof(mobile, fixed), (phone) => {
        const parsed = parsePhoneNumberFromString(phone);
        fc.pre(parsed?.isValid() === true);
        const type = parsed!.getType();
        expect(isLandline(phone)).toBe(type === 'FIXED_LINE');
      }),
      { numRuns: 2000 },
    );
  });
});
