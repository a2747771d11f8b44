import { describe, expect, it } from 'vitest';
import { readCondition, writeCondition, type NamedField } from '@shared/segments/condition-text';
import { describeConditionProblem } from '@shared/segments/condition-problem-text';

const FIELDS = new Map<string, NamedField>([
  ['cidade', { field: 'cidade', kind: 'text' }],
  ['nome', { field: '@name', kind: 'text' }],
]);

describe('readCondition: quotes as people write them (issue 32)', () => {
  it('reads a double-quoted value with an apostrophe inside, straight or curly quotes', () => {
    for (const text of [`cidade = "Santa Bárbara d'Oeste"`, `cidade = \u201cSanta Bárbara d'Oeste\u201d`]) {
      expect(readCondition(text, FIELDS)).toEqual({
        ok: true,
        condition: { field: 'cidade', op: 'eq', value: "Santa Bárbara d'Oeste" },
      });
    }
    // Written back, it reads the same.
    const written = writeCondition({ field: 'cidade', op: 'eq', value: "Santa Bárbara d'Oeste" }, 'cidade');
    expect(readCondition(written, FIELDS)).toMatchObject({
      ok: true,
      condition: { value: "Santa Bárbara d'Oeste" },
    });
  });

  it('an unquoted value with a quote is a problem that says to put it in double quotes', () => {
    const reading = readCondition(`cidade = Santa Bárbara d'Oeste`, FIELDS);
    expect(reading).toEqual({
      ok: false,
      problem: 'quote',
      params: { text: `cidade = Santa Bárbara d'Oeste`, quote: "'" },
    });
    if (reading.ok) return;
    expect(describeConditionProblem(reading.problem, reading.params, 'en')).toMatch(/goes in double quotes/);
    expect(describeConditionProblem(reading.problem, reading.params, 'pt-BR')).toMatch(/entre aspas duplas/);
  });

  it('nome contains % reports the value typed, not ""', () => {
    expect(readCondition('nome contains %', FIELDS)).toEqual({
      ok: false,
      problem: 'value',
      params: { field: 'nome', op: 'contains', value: '%', expected: 'a text with letters or digits' },
    });
    expect(readCondition('nome contains ana', FIELDS)).toMatchObject({
      ok: true,
      condition: { value: 'ana' },
    });
  });
});
