/**
 * A segment condition's problem in words, in each of the app's languages:
 * the core says it in English (its `invalid_input` message), and the CLI
 * says it again in the terminal's language from the error's reason and
 * params.
 */
import type { AppLanguage } from '../app-language';
import type { ConditionProblem } from './condition-text';

type Words = Record<ConditionProblem, (p: Record<string, string>) => string>;

const WORDS: Readonly<Record<AppLanguage, Words>> = {
  en: {
    syntax: (p) => `"${p.text}" is not a condition: write FIELD OPERATOR VALUE, e.g. cidade = Recife.`,
    quote: (p) =>
      `"${p.text}" is not a condition: a value with a quote (${p.quote}) goes in double quotes, ` +
      `e.g. cidade = "Santa Bárbara d'Oeste".`,
    unknown_field: (p) => `No field is called "${p.field}".`,
    operator: (p) => `"${p.op}" does not fit ${p.field} (a ${p.kind} field).`,
    value: (p) => `${p.field} ${p.op} takes ${p.expected}; "${p.value}" is not.`,
  },
  'pt-BR': {
    syntax: (p) =>
      `"${p.text}" não é uma condição: escreva CAMPO OPERADOR VALOR, por exemplo cidade = Recife.`,
    quote: (p) =>
      `"${p.text}" não é uma condição: um valor com aspas (${p.quote}) vai entre aspas duplas, ` +
      `por exemplo cidade = "Santa Bárbara d'Oeste".`,
    unknown_field: (p) => `Nenhum campo se chama "${p.field}".`,
    operator: (p) => `"${p.op}" não serve para ${p.field} (um campo do tipo ${p.kind}).`,
    value: (p) => `${p.field} ${p.op} pede ${p.expected}; "${p.value}" não serve.`,
  },
};

export const CONDITION_PROBLEMS: readonly ConditionProblem[] = [
  'syntax',
  'quote',
  'unknown_field',
  'operator',
  'value',
];

export const isConditionProblem = (reason: unknown): reason is ConditionProblem =>
  CONDITION_PROBLEMS.includes(reason as ConditionProblem);

export function describeConditionProblem(
  problem: ConditionProblem,
  params: Record<string, string>,
  language: AppLanguage = 'en',
): string {
  return WORDS[language][problem](params);
}
