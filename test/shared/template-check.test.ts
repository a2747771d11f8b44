import { describe, expect, it } from 'vitest';
import { compileTemplate } from '@shared/template';
import { checkFields, typedField } from '@shared/template-check';

/** A check as a walk would report it: recipients, and how many filled each key. */
function check(text: string, recipients: number, filled: Record<string, number>, book: string[] = []) {
  const compiled = compileTemplate(text);
  return checkFields(compiled, {
    recipients,
    filled: compiled.keys.map((key) => filled[key] ?? 0),
    inBook: (key) => book.includes(key),
  });
}

describe('the checker of a text against its recipients', () => {
  it('counts, per field as typed, the recipients who get its fallback', () => {
    const { problems, fallbacks } = check(
      'Olá {{nome|cliente}}! {{Primeiro_Nome|}}, sua loja em {{cidade}} abriu. {{nome}}',
      120,
      { nome: 83, primeiro_nome: 83, cidade: 119 },
    );
    expect(problems).toEqual([]);
    expect(fallbacks).toEqual([
      { field: '{{nome|cliente}}', key: 'nome', fallback: 'cliente', count: 37 },
      { field: '{{Primeiro_Nome|}}', key: 'primeiro_nome', fallback: '', count: 37 },
      { field: '{{cidade}}', key: 'cidade', fallback: null, count: 1 },
      { field: '{{nome}}', key: 'nome', fallback: null, count: 37 },
    ]);
  });

  it('refuses, in order: an unclosed field, a field no recipient has, a field no contact at all has', () => {
    const { problems } = check(
      'Oi {{apelido}} de {{cidadee|sua cidade}} {{nome|}} {{loja|a loja}} {{nome',
      10,
      {
        nome: 0,
        loja: 0,
      },
      ['loja'],
    );
    expect(problems).toEqual([
      { kind: 'unclosed_field', field: '{{nome', start: 67 },
      { kind: 'field_nobody_has', field: '{{apelido}}', key: 'apelido' },
      { kind: 'unknown_field', field: '{{cidadee|sua cidade}}', key: 'cidadee', fallback: 'sua cidade' },
    ]);
    // `{{nome|}}`: nobody has a name, and the owner chose nothing for them; `{{loja|…}}`: others have it.
  });

  it('asks the contact book only for a field no recipient filled', () => {
    const asked: string[] = [];
    const compiled = compileTemplate('{{cidade|x}} {{bairro|y}}');
    checkFields(compiled, {
      recipients: 5,
      filled: [5, 0],
      inBook: (key) => {
        asked.push(key);
        return true;
      },
    });
    expect(asked).toEqual(['bairro']);
  });

  it('judges no field when there is nobody to send to, only the braces', () => {
    expect(check('Oi {{apelido}} {{nome', 0, {})).toEqual({
      problems: [{ kind: 'unclosed_field', field: '{{nome', start: 15 }],
      fallbacks: [],
    });
  });

  it('writes a field back as it was typed', () => {
    expect(typedField({ name: 'Nome', fallback: null })).toBe('{{Nome}}');
    expect(typedField({ name: 'nome', fallback: '' })).toBe('{{nome|}}');
    expect(typedField({ name: 'nome', fallback: 'cliente' })).toBe('{{nome|cliente}}');
  });
});
