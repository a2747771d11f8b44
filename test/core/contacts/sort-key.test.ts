import { describe, expect, it } from 'vitest';
import { foldText, sortKeyOf } from '@shared/sort-key';

/** The rule foldText implements (its fast path must give the same). */
const rule = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

describe('foldText', () => {
  it('folds case and accents the way Brazilian readers expect', () => {
    expect(foldText('Conceição')).toBe('conceicao');
    expect(foldText('ÁLVARO Núñez')).toBe('alvaro nunez');
    expect(sortKeyOf('  Álvaro   da  Silva ')).toBe(sortKeyOf('alvaro da silva'));
  });

  it('gives what NFD without marks, lower-cased, gives, for every character up to U+2FFF', () => {
    for (let code = 0; code < 0x3000; code++) {
      const text = `Ab${String.fromCharCode(code)}çÕ`;
      expect(foldText(text), code.toString(16)).toBe(rule(text));
    }
    for (const text of ['Zoë Ærøskøbing', 'ĞÜŞİ', 'ΣΟΦΊΑ', 'e\u0301 é', 'ﬁ ß ÿ µ', '']) {
      expect(foldText(text), text).toBe(rule(text));
    }
  });
});
