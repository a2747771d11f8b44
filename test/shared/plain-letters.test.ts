import { describe, expect, it } from 'vitest';
import { hasPlainAlternative, toPlainLetters } from '@shared/plain-letters';
import { countSegments, gsmUnits } from '@shared/sms-segments';

describe('plain letters', () => {
  it('turns Portuguese text into GSM-7, a third of the price per character', () => {
    const text = 'Promoção de verão: calçados, óculos e relógios com até 50% off. Não perca, João!';
    const plain = toPlainLetters(text);
    // é is in GSM-7: it stays.
    expect(plain).toBe('Promocao de verao: calcados, oculos e relogios com até 50% off. Nao perca, Joao!');
    expect(countSegments(text)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(countSegments(plain)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('replaces each accented letter that forces UCS-2 by its plain letter', () => {
    expect(toPlainLetters('ã õ ç á ê í ó ú â ô Ã Õ Á Â Ê Í Ó Ú Ô À')).toBe(
      'a o c a e i o u a o A O A A E I O U O A',
    );
  });

  it('keeps the letters the GSM-7 alphabet already has: they cost nothing', () => {
    const kept = 'é É ü Ü ñ Ñ à Ç ä ö Ä Ö Å å ø Ø è ù ì ò ß Æ æ £ ¥ ¿ ¡ § €';
    expect(toPlainLetters(kept)).toBe(kept);
    for (const ch of kept.replace(/ /g, '')) expect(gsmUnits(ch), ch).toBeGreaterThan(0);
    expect(toPlainLetters('Café à la carte: Ç')).toBe('Café à la carte: Ç');
  });

  it('straightens typographic punctuation and odd spaces', () => {
    expect(
      toPlainLetters('“Oferta” ‘única’ – só hoje — até 18h… a\u00a0partir\u202fde R$ 9,90 • frete grátis'),
    ).toBe('"Oferta" \'unica\' - so hoje - até 18h... a partir de R$ 9,90 - frete gratis');
    expect(toPlainLetters('a\u200bb\ufeff\tc')).toBe('ab c');
    expect(toPlainLetters('1ª e 2º')).toBe('1a e 2o');
  });

  it('joins a letter typed with a separate combining accent before replacing it', () => {
    expect(toPlainLetters('Promoc\u0327a\u0303o')).toBe('Promocao');
    expect(toPlainLetters('q\u0303')).toBe('q');
  });

  it('leaves emoji and other scripts alone: they keep the message in UCS-2', () => {
    const text = 'Promoção 🎉 até amanhã 👍🏽 Привет';
    const plain = toPlainLetters(text);
    expect(plain).toBe('Promocao 🎉 até amanha 👍🏽 Привет');
    expect(countSegments(plain).encoding).toBe('UCS-2');
    expect(countSegments(plain).nonGsmChars).toEqual(['🎉', '👍', '🏽', 'П', 'р', 'и', 'в', 'е', 'т']);
  });

  it('returns a GSM-7 text unchanged, and says when there is something to replace', () => {
    const gsm = 'Oi Maria, sua encomenda chegou! {codigo} [loja] ~ ^ | \\ €';
    expect(toPlainLetters(gsm)).toBe(gsm);
    expect(hasPlainAlternative(gsm)).toBe(false);
    expect(hasPlainAlternative('Olá')).toBe(true);
    expect(hasPlainAlternative('😀')).toBe(false);
  });
});

describe('segments of Portuguese messages (vectors)', () => {
  it.each([
    // [text, encoding, units, segments]
    ['Olá, tudo bem?', 'UCS-2', 14, 1],
    ['Ola, tudo bem?', 'GSM-7', 14, 1],
    ['Você ganhou 10% de desconto!', 'UCS-2', 28, 1],
    ['Café com pão às 8h', 'UCS-2', 18, 1], // é is GSM-7, but ã forces UCS-2
    ['Café e Ç são GSM-7 à vontade', 'UCS-2', 28, 1], // ã again
    ['Café e Ç, à vontade', 'GSM-7', 19, 1],
    ['Preço: R$ 9,90 {promo} €5', 'UCS-2', 25, 1], // ç
    ['Preco: R$ 9,90 {promo} €5', 'GSM-7', 28, 1], // { } € count 2 each
    ['ã'.repeat(70), 'UCS-2', 70, 1],
    ['ã'.repeat(71), 'UCS-2', 71, 2],
    ['a'.repeat(159) + 'ã', 'UCS-2', 160, 3],
    ['a'.repeat(159) + 'é', 'GSM-7', 160, 1],
  ] as const)('%j is %s, %i units, %i part(s)', (text, encoding, units, segments) => {
    expect(countSegments(text)).toMatchObject({ encoding, units, segments });
  });
});
