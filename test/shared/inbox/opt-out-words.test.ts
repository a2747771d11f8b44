import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOptOutReply, OPT_OUT_WORDS } from '@shared/inbox/opt-out-words';

/** Accented forms of the letters the words use, as a phone keyboard may put them. */
const ACCENTED: Record<string, string[]> = {
  A: ['Á', 'À', 'Ã', 'Â', 'á', 'à', 'ã', 'â'],
  E: ['É', 'Ê', 'é', 'ê'],
  I: ['Í', 'í', 'Ì'],
  O: ['Ó', 'Ô', 'Õ', 'ó', 'ô', 'õ'],
  C: ['Ç', 'ç'],
};
const DECORATION = [' ', '  ', '!', '!!', '?', '.', ',', '...', '-', '"', '\u00a0', '\n', '👍', '🙏'];

/** One of the words, each letter in any case or accented, with spaces and punctuation anywhere. */
const writtenWord = fc
  .tuple(
    fc.constantFrom(...OPT_OUT_WORDS),
    fc.infiniteStream(fc.nat()),
    fc.array(fc.constantFrom(...DECORATION), { maxLength: 4 }),
  )
  .map(([word, picks, around]) => {
    const pick = picks[Symbol.iterator]();
    const letters = [...word].map((letter) => {
      const n = pick.next().value as number;
      const forms = [letter, letter.toLowerCase(), ...(ACCENTED[letter] ?? [])];
      const decoration = n % 7 === 0 ? DECORATION[n % DECORATION.length]! : '';
      return forms[n % forms.length]! + decoration;
    });
    const [before = '', after = ''] = around;
    return `${before}${letters.join('')}${after}`;
  });

describe('opt-out by reply: the whole text is the word', () => {
  it.each([
    ['SAIR', true],
    ['sair', true],
    ['Sair!!', true],
    [' sair ', true],
    ['SÁIR', true],
    ['Pare.', true],
    ['parar', true],
    ['Cancelar', true],
    ['descadastrar', true],
    ['STOP', true],
    ['s a i r', true],
    ['"Sair"', true],
    ['Não quero sair', false],
    ['sair?  quando abre a loja', false],
    ['SAIR DA LISTA', false],
    ['quero sair', false],
    ['sairr', false],
    ['sair2', false],
    ['2', false],
    ['', false],
    ['   ', false],
    ['Oi, vocês abrem sábado?', false],
    ['STOPPED', false],
  ])('%j → %s', (text, expected) => {
    expect(isOptOutReply(text)).toBe(expected);
  });

  it('any case, accents, spaces and punctuation around or inside the word still say it', () => {
    fc.assert(fc.property(writtenWord, (text) => isOptOutReply(text)));
  });

  it('the word with any other letter or digit beside it is a sentence, not an opt-out', () => {
    fc.assert(
      fc.property(
        writtenWord,
        fc.stringMatching(/^[a-zA-Z0-9çãé]{1,8}$/),
        fc.boolean(),
        (word, other, before) => {
          const text = before ? `${other} ${word}` : `${word} ${other}`;
          expect(isOptOutReply(text)).toBe(false);
        },
      ),
    );
  });
});
