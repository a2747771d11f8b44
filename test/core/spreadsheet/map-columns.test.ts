import { describe, expect, it } from 'vitest';
import { errorColumnHeader, headerSignature, slugifyField, suggestMapping } from '@core/import/file';

describe('suggestMapping', () => {
  it('recognises Portuguese headers, the birthday among them, and keeps the rest as custom fields', () => {
    expect(suggestMapping(['Nome', 'Celular', 'E-mail', 'Cidade', 'Data de Nascimento', 'Bairro'])).toEqual({
      name: 0,
      phone: 1,
      email: 2,
      birthday: 4,
      custom: [
        { column: 3, field: 'cidade' },
        { column: 5, field: 'bairro' },
      ],
    });
  });

  it('recognises English headers', () => {
    expect(suggestMapping(['Full name', 'Mobile phone', 'Email address', 'City'])).toEqual({
      name: 0,
      phone: 1,
      email: 2,
      custom: [{ column: 3, field: 'city' }],
    });
  });

  it.each([
    ['telefone'],
    ['Telefone'],
    ['TELEFONE CELULAR'],
    ['WhatsApp'],
    ['Fone'],
    ['Nº Celular'],
    ['Número do celular'],
    ['phone'],
    ['Telefone com DDD'],
  ])('%s is the phone column', (header) => {
    expect(suggestMapping(['Nome', header]).phone).toBe(1);
  });

  it('prefers the mobile over a generic or landline phone, which stay as custom fields', () => {
    const mapping = suggestMapping(['Telefone fixo', 'Telefone', 'Celular', 'Nome']);
    expect(mapping.phone).toBe(2);
    expect(mapping.custom.map((c) => c.field)).toEqual(['telefone_fixo', 'telefone_2']);
  });

  it('maps a DDD column', () => {
    expect(suggestMapping(['Nome', 'DDD', 'Celular'])).toMatchObject({
      name: 0,
      areaCode: 1,
      phone: 2,
      custom: [],
    });
  });

  it('finds the phone and e-mail columns by content when the headers do not name them', () => {
    const mapping = suggestMapping(
      ['Cliente', 'Contato', 'Endereço eletrônico'],
      [
        ['João', '(11) 98765-4321', 'joao@exemplo.com'],
        ['Ana', '11 98765-4322', 'ana@exemplo.com'],
      ],
    );
    expect(mapping).toMatchObject({ phone: 1, email: 2 });
  });

  it('maps a headerless file by content', () => {
    const mapping = suggestMapping(
      ['', '', ''],
      [
        ['Santos', 'João da Silva', '11987654321'],
        ['Osasco', 'Ana Souza', '11987654322'],
      ],
    );
    expect(mapping).toMatchObject({ phone: 2, name: 0 });
    expect(mapping.custom).toEqual([{ column: 1, field: 'coluna_2' }]);
  });

  it('makes custom field keys unique, safe and clear of the built-in ones', () => {
    const mapping = suggestMapping(['Celular', 'Cidade', 'cidade', '', '2º contato', 'Nome da mãe', 'Email']);
    expect(mapping.custom.map((c) => c.field)).toEqual([
      'cidade',
      'cidade_2',
      'coluna_4',
      'campo_2o_contato',
      'nome_da_mae',
    ]);
    expect(mapping).toMatchObject({ phone: 0, email: 6 });
    expect(mapping.name).toBeUndefined();
    const clash = suggestMapping(['Celular', 'Nome completo', 'Nome']);
    expect(clash.name).toBe(1);
    expect(clash.custom).toEqual([{ column: 2, field: 'nome_2' }]);
  });

  it('ignores the reason column of an error file being imported again', () => {
    for (const locale of ['pt-BR', 'en']) {
      const mapping = suggestMapping(['Nome', 'Celular', 'Cidade', errorColumnHeader(locale)]);
      expect(mapping.custom).toEqual([{ column: 2, field: 'cidade' }]);
    }
  });
});

describe('slugifyField', () => {
  it.each([
    ['Cidade', 'cidade'],
    ['Data de Nascimento', 'data_de_nascimento'],
    ['Último pedido (R$)', 'ultimo_pedido_r'],
    ['  Ação!  ', 'acao'],
    ['!!!', ''],
  ])('%j -> %j', (header, slug) => {
    expect(slugifyField(header)).toBe(slug);
  });
});

describe('headerSignature', () => {
  it('is the same for the same header, whatever the case, accents or spacing', () => {
    const signature = headerSignature(['Nome', 'Celular', 'Cidade']);
    expect(signature).toMatch(/^h1:[0-9a-f]{32}$/);
    expect(headerSignature(['NOME', ' celular ', 'cidade'])).toBe(signature);
    expect(headerSignature(['Nome', 'Celular', 'Cidade'])).toBe(signature);
  });

  it('differs when columns are added, removed or reordered', () => {
    const signature = headerSignature(['Nome', 'Celular', 'Cidade']);
    expect(headerSignature(['Celular', 'Nome', 'Cidade'])).not.toBe(signature);
    expect(headerSignature(['Nome', 'Celular'])).not.toBe(signature);
    expect(headerSignature(['Nome', 'Celular', 'Cidade', ''])).not.toBe(signature);
    expect(headerSignature(['Nome', 'Celular', 'Bairro'])).not.toBe(signature);
  });
});
