import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOW_TO_STOP_SUFFIX, howToStopOn } from '@shared/rules/how-to-stop';
import { asItLeaves, frameOf, NO_FRAME, withSuffix } from '@shared/rules/message-frame';
import { countSegments, SMS_LIMITS } from '@shared/sms-segments';
import { withPrefix } from '@shared/template';

const ON = { prefix: 'Loja Maria:', suffix: HOW_TO_STOP_SUFFIX };
/** Messages as owners write them: GSM-7 and not, accents, emoji, line breaks, trailing spaces. */
const message = fc.string({
  unit: fc.constantFrom(
    'a',
    'b',
    ' ',
    '\n',
    'é',
    'ç',
    'ã',
    '€',
    '{',
    '😀',
    '.',
    'S',
    'A',
    'I',
    'R',
    '\u00a0',
  ),
  maxLength: 400,
});
const prefix = fc.constantFrom('', 'Loja Maria:', 'Açaí da Bia:', '  Pet {Shop}  ');
const suffix = fc.constantFrom('', HOW_TO_STOP_SUFFIX);

/** The parts a text costs, from its units alone: what the service charges (3GPP single and multipart sizes). */
function charged(units: number, encoding: 'GSM-7' | 'UCS-2'): number {
  const [single, multi] =
    encoding === 'GSM-7'
      ? [SMS_LIMITS.gsmSingle, SMS_LIMITS.gsmMulti]
      : [SMS_LIMITS.ucsSingle, SMS_LIMITS.ucsMulti];
  return units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
}

describe('asItLeaves: the one finish of every message', () => {
  it('puts the name in front and the sentence at the end, once, and leaves a blank message blank', () => {
    expect(asItLeaves(ON, 'Promoção hoje!')).toBe('Loja Maria: Promoção hoje! Para sair, responda SAIR.');
    expect(asItLeaves(ON, 'Promoção hoje!  \n')).toBe('Loja Maria: Promoção hoje! Para sair, responda SAIR.');
    // Already said by the owner: not twice.
    expect(asItLeaves(ON, 'Oi! Para sair, responda SAIR.')).toBe('Loja Maria: Oi! Para sair, responda SAIR.');
    expect(asItLeaves(ON, '   ')).toBe('   ');
    expect(asItLeaves(NO_FRAME, 'Oi!  ')).toBe('Oi!  ');
  });

  it('is the prefix rule, then the sentence, for any message (the composer and the core agree to the character)', () => {
    fc.assert(
      fc.property(prefix, suffix, message, (p, s, m) => {
        const frame = { prefix: p.trim(), suffix: s };
        const out = asItLeaves(frame, m);
        expect(out).toBe(withSuffix(s, withPrefix(p, m)));
        // Twice is once: a text already finished is left as it is.
        expect(asItLeaves(frame, out)).toBe(out);
        if (m.trim() === '') expect(out).toBe(m);
        else if (s !== '') expect(out.endsWith(HOW_TO_STOP_SUFFIX)).toBe(true);
        else expect(out).toBe(withPrefix(p, m));
      }),
    );
  });

  it('counts the sentence as 26 GSM-7 characters: it never changes the encoding, and the parts are what the service charges', () => {
    fc.assert(
      fc.property(prefix, message, (p, m) => {
        fc.pre(m.trim() !== '' && !m.trimEnd().endsWith(HOW_TO_STOP_SUFFIX.trim()));
        const before = countSegments(withPrefix(p, m).trimEnd());
        const after = countSegments(asItLeaves({ prefix: p.trim(), suffix: HOW_TO_STOP_SUFFIX }, m));
        expect(after.encoding).toBe(before.encoding);
        expect(after.units).toBe(before.units + HOW_TO_STOP_SUFFIX.length);
        const out = asItLeaves({ prefix: p.trim(), suffix: HOW_TO_STOP_SUFFIX }, m);
        // A two-unit pair (ESC + €, an emoji's surrogates) is never split across parts: one more part at most.
        if (/[€{}😀]/u.test(out))
          expect(after.segments).toBeGreaterThanOrEqual(charged(after.units, after.encoding));
        else expect(after.segments).toBe(charged(after.units, after.encoding));
      }),
    );
    expect(countSegments(HOW_TO_STOP_SUFFIX)).toMatchObject({ encoding: 'GSM-7', units: 26 });
  });
});

describe('frameOf: the rules around a message', () => {
  it('adds the sentence when the owner turned it on, never when off, and when unset exactly while a server reads replies', () => {
    const rules = { prefix: '  Loja Maria: ', howToStop: 'unset' as const };
    expect(frameOf(rules, false)).toEqual({ prefix: 'Loja Maria:', suffix: '' });
    expect(frameOf(rules, true)).toEqual({ prefix: 'Loja Maria:', suffix: HOW_TO_STOP_SUFFIX });
    expect(frameOf({ ...rules, howToStop: 'on' }, false).suffix).toBe(HOW_TO_STOP_SUFFIX);
    expect(frameOf({ ...rules, howToStop: 'off' }, true).suffix).toBe('');
    expect([howToStopOn('unset', true), howToStopOn('unset', false)]).toEqual([true, false]);
  });
});
