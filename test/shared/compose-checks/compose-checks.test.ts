import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMessage,
  COMPOSE_CHECK_IDS,
  type ComposeCheckInput,
} from '@shared/compose-checks/compose-checks';
import { composeCheckInWords } from '@shared/compose-checks/compose-check-words';
import { OTHER_SHORTENERS } from '@shared/compose-checks/shorteners';
import { HOW_TO_STOP_SUFFIX } from '@shared/rules/how-to-stop';
import { NO_FRAME, withSuffix } from '@shared/rules/message-frame';

const FRAMED = { prefix: 'Pet Feliz:', suffix: HOW_TO_STOP_SUFFIX };
const check = (template: string, over: Partial<ComposeCheckInput> = {}) =>
  checkMessage({ template, frame: FRAMED, parts: null, lacking: null, ...over });
const ids = (template: string, over: Partial<ComposeCheckInput> = {}) =>
  check(template, over).map((c) => c.id);

describe('compose checks: a table of texts', () => {
  const table: [string, string, Partial<ComposeCheckInput>, string[]][] = [
    ['a framed, ordinary message', 'Oi {{primeiro_nome|}}! Banho e tosa com 10% esta semana.', {}, []],
    [
      'no prefix, no name in the text',
      'Oi! Banho e tosa com 10% esta semana.',
      { frame: { prefix: '', suffix: HOW_TO_STOP_SUFFIX } },
      ['noBusinessName'],
    ],
    [
      'no prefix, the text opens with the shop',
      'Pet Feliz: banho e tosa com 10% esta semana.',
      { frame: { prefix: '', suffix: HOW_TO_STOP_SUFFIX } },
      [],
    ],
    [
      'a field is not a sender',
      '{{nome}}: banho e tosa com 10% esta semana.',
      { frame: { prefix: '', suffix: HOW_TO_STOP_SUFFIX } },
      ['noBusinessName', 'fieldWithoutFallback'],
    ],
    [
      'no "Como sair", no stop words',
      'Banho e tosa com 10% esta semana.',
      { frame: { prefix: 'Pet Feliz:', suffix: '' } },
      ['noWayToStop'],
    ],
    [
      'no "Como sair", PARE in the text',
      'Banho e tosa com 10%. Para não receber, envie PARE.',
      { frame: { prefix: 'Pet Feliz:', suffix: '' } },
      [],
    ],
    [
      'no "Como sair", "responda sair" in lower case',
      'Banho e tosa com 10%. Para sair responda sair',
      { frame: { prefix: 'Pet Feliz:', suffix: '' } },
      [],
    ],
    [
      '"sair" as an ordinary word is no way to stop',
      'Antes de sair de casa, passe aqui.',
      { frame: { prefix: 'Pet Feliz:', suffix: '' } },
      ['noWayToStop'],
    ],
    ['bit.ly', 'Veja: https://bit.ly/3xYz promo', {}, ['otherShortener']],
    ['tinyurl without a scheme, and www', 'Veja tinyurl.com/abc e www.cutt.ly/x', {}, ['otherShortener']],
    ['a host that only ends like a shortener', 'Veja mybit.ly/promo', {}, []],
    ['the shop\u2019s own site', 'Veja https://petfeliz.com.br/promo', {}, []],
    ['all capitals', 'PROMOÇÃO IMPERDÍVEL HOJE NA LOJA, VENHA CONFERIR', {}, ['allCapitals']],
    [
      'acronyms and a capital name in a field are not shouting',
      'Pague com PIX ou no SMS, {{NOME|cliente}}: desconto hoje na loja toda.',
      {},
      [],
    ],
    ['a short shout is too little text to judge', 'OI! VEM!', {}, []],
    ['three SMS when counted here', 'Banho e tosa. '.repeat(25), {}, ['tooManySms']],
    ['the estimate\u2019s count wins', 'Curta.', { parts: 3 }, ['tooManySms']],
    ['two SMS is fine', 'Curta.', { parts: 2 }, []],
    ['a field without fallback, recipients unknown', 'Oi {{nome}}!', {}, ['fieldWithoutFallback']],
    ['a field without fallback, everyone has it', 'Oi {{nome}}!', { lacking: [] }, []],
    [
      'a field without fallback, some lack it',
      'Oi {{nome}}!',
      { lacking: [{ field: '{{nome}}', fallback: null, count: 3 }] },
      ['fieldWithoutFallback'],
    ],
    [
      'lacking with a fallback is fine',
      'Oi {{nome|cliente}}!',
      { lacking: [{ field: '{{nome|cliente}}', fallback: 'cliente', count: 3 }] },
      [],
    ],
    ['a blank text is the send\u2019s to refuse', '   ', { frame: NO_FRAME }, []],
  ];
  it.each(table)('%s', (_name, template, over, expected) => {
    expect(ids(template, over)).toEqual(expected);
  });

  it('names what it found: the shortener host, the parts, the field and how many lack it', () => {
    expect(check('Veja bit.ly/a e goo.gl/b e bit.ly/c')[0]!.params).toEqual({ hosts: 'bit.ly, goo.gl' });
    expect(check('Curta.', { parts: 3 })[0]!.params).toEqual({ parts: 3, max: 2 });
    expect(
      check('Oi {{nome}}!', { lacking: [{ field: '{{nome}}', fallback: null, count: 3 }] })[0]!.params,
    ).toEqual({ field: '{{nome}}', count: 3 });
    expect(check('Oi {{Nome}} e {{nome}}!')).toEqual([
      { id: 'fieldWithoutFallback', severity: 'warn', params: { field: '{{Nome}}' } },
    ]);
  });

  it('every check is a warning: the owner can still send', () => {
    const all = check('OI OI PROMOÇÃO IMPERDÍVEL bit.ly/x {{nome}} ' + 'HOJE '.repeat(80), {
      frame: NO_FRAME,
    });
    expect(all.map((c) => c.id)).toEqual([...COMPOSE_CHECK_IDS]);
    expect(new Set(all.map((c) => c.severity))).toEqual(new Set(['warn']));
  });

  it('every public shortener of the table is caught, with or without www and https', () => {
    for (const host of OTHER_SHORTENERS) {
      expect(ids(`Veja ${host}/abc`), host).toEqual(['otherShortener']);
      expect(ids(`Veja https://www.${host}/abc`), host).toEqual(['otherShortener']);
    }
  });

  it('says each check with what to do, in both languages', () => {
    const all = check('OI OI PROMOÇÃO IMPERDÍVEL bit.ly/x {{nome}} ' + 'HOJE '.repeat(80), {
      frame: NO_FRAME,
    });
    for (const c of all) {
      expect(composeCheckInWords(c, 'en')).toMatch(/: /);
      expect(composeCheckInWords(c, 'pt-BR')).toMatch(/: /);
    }
    expect(composeCheckInWords(all[2]!, 'pt-BR')).toContain('bit.ly');
    expect(composeCheckInWords(all[5]!, 'en')).toContain('{{nome|cliente}}');
  });
});

describe('compose checks: properties', () => {
  const words = fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '');

  it('any text with the stop line never warns "no way to stop"', () => {
    fc.assert(
      fc.property(words, fc.boolean(), (text, ruleOn) => {
        // The rule puts the line on; with the rule off, the owner wrote it.
        const template = ruleOn ? text : withSuffix(HOW_TO_STOP_SUFFIX, text);
        const frame = { prefix: '', suffix: ruleOn ? HOW_TO_STOP_SUFFIX : '' };
        return !ids(template, { frame }).includes('noWayToStop');
      }),
    );
  });

  it('any text with the business name rule on never warns "no business name"', () => {
    fc.assert(fc.property(words, (text) => !ids(text).includes('noBusinessName')));
  });

  it('any text in lower case never warns "all capitals"', () => {
    fc.assert(fc.property(words, (text) => !ids(text.toLowerCase()).includes('allCapitals')));
  });

  it('any text whose fields all have fallbacks never warns about a field', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('nome', 'cidade', 'primeiro_nome')), words, (fields, text) => {
        const template = `${text} ${fields.map((f) => `{{${f}|cliente}}`).join(' ')}`;
        return !ids(template).includes('fieldWithoutFallback');
      }),
    );
  });
});
