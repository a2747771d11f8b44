import { describe, expect, it } from 'vitest';
import { compileTemplate, fieldKey, firstNameOf, parseTemplate, unclosedFields } from '@shared/template';

/** Renders with values by key (what the core does with a contact's values). */
function render(template: string, values: Record<string, string | null | undefined>) {
  const compiled = compileTemplate(template);
  const slots = compiled.keys.map((k) => values[k]);
  return { text: compiled.render(slots), missing: compiled.missing(slots), keys: compiled.keys };
}

describe('template: merge fields', () => {
  it('fills {{nome}}, spaced braces and any case', () => {
    expect(render('Olá {{nome}}! Oi {{ nome }}, {{NOME}}.', { nome: 'Maria' }).text).toBe(
      'Olá Maria! Oi Maria, Maria.',
    );
  });

  it('uses the fallback when the contact has no value (missing, empty or blank)', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(render('Oi {{nome|Cliente}}!', { nome: value }).text).toBe('Oi Cliente!');
    }
    expect(render('Oi {{nome | Cliente querido }}!', {}).text).toBe('Oi Cliente querido!');
    expect(render('Oi {{nome|Cliente}}!', { nome: 'Ana' }).text).toBe('Oi Ana!');
  });

  it('renders an unknown field empty (or its fallback) and reports it missing only without a fallback', () => {
    expect(render('Oi {{apelido}}, de {{cidade|sua cidade}}.', {})).toEqual({
      text: 'Oi, de sua cidade.',
      missing: ['apelido'],
      keys: ['apelido', 'cidade'],
    });
  });

  it('matches custom fields by their stored form: case, accents and spaces do not matter', () => {
    expect(fieldKey('Cidade')).toBe('cidade');
    expect(fieldKey(' Data de Nascimento ')).toBe('data_de_nascimento');
    expect(fieldKey('Endereço Nº')).toBe('endereco_no');
    expect(fieldKey('E-mail')).toBe('e_mail');
    expect(
      render('{{Cidade}} {{CIDADE}} {{ cidade }} {{Data de Nascimento}}', {
        cidade: 'Recife',
        data_de_nascimento: '01/02',
      }).text,
    ).toBe('Recife Recife Recife 01/02');
    expect(compileTemplate('{{Cidade}} {{cidade}}').keys).toEqual(['cidade']);
  });

  it('keeps as text what is not a field', () => {
    for (const text of [
      'Abre {{ e não fecha',
      'Vazio {{}} e {{ }}',
      'Quebra {{no\nme}}',
      'Chaves soltas } { }} {',
      '{{|Cliente}}',
      '{{ 😀 }}',
      `{{${'x'.repeat(65)}}}`,
    ]) {
      expect(render(text, { nome: 'Ana' }).text, text).toBe(text);
      expect(
        parseTemplate(text).every((p) => p.kind === 'text'),
        text,
      ).toBe(true);
    }
  });

  it('finds a field next to stray braces', () => {
    expect(render('{{{nome}}}', { nome: 'Ana' }).text).toBe('{Ana}');
    expect(render('{{ {{nome}}', { nome: 'Ana' }).text).toBe('{{ Ana');
  });

  it('gives the parts with offsets, for highlighting', () => {
    const text = 'Oi {{ nome|Cliente }}, tudo bem?';
    expect(parseTemplate(text)).toEqual([
      { kind: 'text', text: 'Oi ', start: 0, end: 3 },
      { kind: 'field', name: 'nome', key: 'nome', fallback: 'Cliente', start: 3, end: 21 },
      { kind: 'text', text: ', tudo bem?', start: 21, end: 32 },
    ]);
    expect(text.slice(3, 21)).toBe('{{ nome|Cliente }}');
  });

  it('takes the first word of a name for primeiro_nome', () => {
    expect(firstNameOf('  Maria da Conceição ')).toBe('Maria');
    expect(firstNameOf('Ana')).toBe('Ana');
    expect(firstNameOf('')).toBe('');
  });

  it('renders the same template many times without parsing it again', () => {
    const compiled = compileTemplate('Olá {{nome|Cliente}}, sua loja em {{cidade}} tem {{desconto}}% off!');
    const out: string[] = [];
    for (let i = 0; i < 3; i++) out.push(compiled.render([`Cliente ${i}`, 'Recife', String(10 + i)]));
    expect(out).toEqual([
      'Olá Cliente 0, sua loja em Recife tem 10% off!',
      'Olá Cliente 1, sua loja em Recife tem 11% off!',
      'Olá Cliente 2, sua loja em Recife tem 12% off!',
    ]);
  });
});

describe('the send\u2019s checks on a text', () => {
  it('finds every {{ that opens no field, named as typed', () => {
    const fields = (text: string) => unclosedFields(parseTemplate(text)).map((p) => p.field);
    expect(fields('Oi {{nome, tudo bem?')).toEqual(['{{nome']);
    expect(fields('Oi {{nome}, e {{cidade}}')).toEqual(['{{nome}']);
    expect(fields('Oi {{ }} e {{')).toEqual(['{{ }}', '{{']);
    expect(fields('Oi {{nome}} de {{cidade|longe}}, {{{nome}}}')).toEqual([]);
  });

  it('names each field used without a fallback that no recipient filled, once', () => {
    const compiled = compileTemplate('Oi {{Apelido}}, {{apelido}} de {{cidade}} {{bairro|}} {{nome|amigo}}');
    const keys = compiled.keys;
    const filled = keys.map((key) => key === 'cidade');
    expect(compiled.nobodyHas(filled)).toEqual([
      { kind: 'field_nobody_has', field: '{{Apelido}}', key: 'apelido' },
    ]);
    expect(compiled.nobodyHas(keys.map(() => true))).toEqual([]);
  });
});
