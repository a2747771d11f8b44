import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '@shared/template';

/** The message for values by key (what the core does with a contact's values). */
function render(template: string, values: Record<string, string | null> = {}): string {
  const compiled = compileTemplate(template);
  return compiled.render(compiled.keys.map((key) => values[key] ?? null));
}

describe('an empty field leaves the sentence as a person would write it', () => {
  it.each([
    ['Olá {{primeiro_nome|}}, tudo bem?', 'Olá, tudo bem?'],
    ['Oi {{apelido|}} tudo bem?', 'Oi tudo bem?'],
    ['Obrigado, {{apelido|}}!', 'Obrigado!'],
    ['Obrigado {{apelido|}}.', 'Obrigado.'],
    ['Obrigado, {{apelido|}}', 'Obrigado'],
    ['Olá, {{apelido|}}, tudo bem?', 'Olá, tudo bem?'],
    ['{{primeiro_nome|}}, seu pedido chegou.', 'Seu pedido chegou.'],
    ['{{primeiro_nome|}} aproveite!', 'Aproveite!'],
    ['Bom dia! {{primeiro_nome|}}, sua entrega sai hoje.', 'Bom dia! Sua entrega sai hoje.'],
    ['Oi ({{apelido|}}) tudo', 'Oi tudo'],
    ['Oi "{{apelido|}}", tudo', 'Oi, tudo'],
    ['Oi!\n{{apelido|}}\nAté logo', 'Oi!\nAté logo'],
    ['Oi {{apelido|}}\nAté logo', 'Oi\nAté logo'],
    ['Oi {{a|}} {{b|}}, tudo bem?', 'Oi, tudo bem?'],
    ['Oi {{a|}} {{nome}}, tudo bem?', 'Oi Ana, tudo bem?'],
    ['{{a|}}{{b|}}, oi', 'Oi'],
    ['{{a|}}, iPhone em oferta', 'iPhone em oferta'],
  ])('%j → %j', (template, message) => {
    expect(render(template, { nome: 'Ana' })).toBe(message);
  });

  it('treats a missing value without a fallback the same way, and leaves a filled or fallback field alone', () => {
    expect(render('Olá {{primeiro_nome}}, tudo bem?')).toBe('Olá, tudo bem?');
    expect(render('Olá {{primeiro_nome}}, tudo bem?', { primeiro_nome: 'Ana' })).toBe('Olá Ana, tudo bem?');
    expect(render('Olá {{nome|cliente}}, tudo bem?')).toBe('Olá cliente, tudo bem?');
    // A value that is only spaces counts as missing.
    expect(render('Olá {{nome|}}, tudo bem?', { nome: '   ' })).toBe('Olá, tudo bem?');
  });

  it('changes nothing the owner wrote away from a gap', () => {
    expect(render('Oi  {{nome}} ,  preço: R$ 10,00 !', { nome: 'Ana' })).toBe('Oi  Ana ,  preço: R$ 10,00 !');
    expect(render('Promoção , hoje {{nome|}}! E amanhã ,também')).toBe('Promoção , hoje! E amanhã ,também');
  });
});

// Sentences as owners write them: words, some followed by a mark of punctuation, one space apart.
const word = fc.constantFrom(
  'olá',
  'Oi',
  'tudo',
  'bem',
  'seu',
  'pedido',
  'chegou',
  'R$',
  '10',
  'até',
  'sábado',
);
const mark = fc.constantFrom('', '', '', ',', '.', '!', '?', ':', ';');
const sentence = fc.array(fc.tuple(word, mark), { minLength: 1, maxLength: 8 });

/** `[["Olá", ","], ["tudo", "?"]]` → `Olá, tudo?` */
const written = (tokens: readonly (readonly [string, string])[]) => tokens.map(([w, m]) => w + m).join(' ');
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}$]+/gu) ?? [];

describe('rendering, for any sentence with an empty field anywhere in it', () => {
  const cases = fc.record({
    tokens: sentence,
    at: fc.nat(),
    fieldMark: mark,
    fallback: fc.constantFrom('', null),
  });
  type Case = { tokens: [string, string][]; at: number; fieldMark: string; fallback: string | null };
  const templateOf = ({ tokens, at, fieldMark, fallback }: Case) => {
    const field = fallback === null ? '{{apelido}}' : '{{apelido|}}';
    const position = at % (tokens.length + 1);
    const withField = [...tokens.slice(0, position), [field, fieldMark] as const, ...tokens.slice(position)];
    return { template: written(withField), without: written(tokens) };
  };

  it('keeps every word, in order, and adds none', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const { template, without } = templateOf(c);
        expect(words(render(template))).toEqual(words(without));
      }),
    );
  });

  it('leaves no space before punctuation, no double space, nothing dangling at either end', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const message = render(templateOf(c).template);
        expect(message).not.toMatch(/ [,.!?:;]/);
        expect(message).not.toMatch(/ {2}/);
        expect(message).not.toMatch(/^[\s,.!?:;]|\s$/);
        // A clause mark ends the message only where the owner ended it with one.
        if (/[,:;]$/.test(message)) expect(templateOf(c).template).toMatch(/[,:;]$/);
        expect(message).not.toMatch(/[,:;][,.!?:;]/);
      }),
    );
  });

  it('is the plain substitution when the field has a value', () => {
    fc.assert(
      fc.property(cases, fc.constantFrom('Ana', 'José Carlos', 'Ç'), (c, value) => {
        const { template } = templateOf(c);
        expect(render(template, { apelido: value })).toBe(template.replace(/\{\{apelido\|?\}\}/, value));
      }),
    );
  });

  it('is the text itself when it has no field at all', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const compiled = compileTemplate(text);
        fc.pre(compiled.keys.length === 0);
        expect(compiled.render([])).toBe(text);
      }),
    );
  });
});
