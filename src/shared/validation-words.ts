/**
 * The validator's own messages in the app's words. A contract schema that
 * says why in its own words (`At most 20 characters`) keeps them; where it
 * does not, zod would say "Too small: expected string to have >=1
 * characters": the dispatch passes `validationWords` as the parse's error
 * map, which zod asks only for the issues no schema worded.
 */
import type { core } from 'zod';

type Issue = core.$ZodRawIssue;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no (true or false)',
  array: 'a list of values',
  object: 'a group of fields',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  email: 'an e-mail address',
  url: 'a web address',
  uuid: 'an id',
  guid: 'an id',
  datetime: 'a date and time',
  date: 'a date',
  time: 'a time',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function sizeWords(issue: Issue & { origin?: string }, bound: number | bigint, most: boolean): string {
  const n = Number(bound);
  const exact = (issue as { exact?: boolean }).exact;
  const edge = exact ? 'Exactly' : most ? 'At most' : 'At least';
  switch (issue.origin) {
    case 'string':
      if (!most && n === 1 && !exact) return 'Cannot be empty';
      return `${edge} ${count(n, 'character', 'characters')}`;
    case 'array':
    case 'set':
      if (!most && n === 1 && !exact) return 'Give at least one';
      return `${edge} ${count(n, 'item', 'items')}`;
    default: {
      const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
      if (inclusive) return `${most ? 'At most' : 'At least'} ${n}`;
      return `${most ? 'Less than' : 'More than'} ${n}`;
    }
  }
}

/** An issue zod raised with no message of the schema's, in the app's words (English, as the core speaks). */
export function validationWords(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Expected ${TYPE_WORDS[issue.expected] ?? 'another kind of value'}`;
    case 'too_small':
      return sizeWords(issue, issue.minimum, false);
    case 'too_big':
      return sizeWords(issue, issue.maximum, true);
    case 'invalid_format':
      if (issue.format === 'starts_with' || issue.format === 'ends_with' || issue.format === 'includes')
        return 'Not in the expected form';
      return `Not ${FORMAT_WORDS[issue.format] ?? 'in the expected form'}`;
    case 'invalid_value':
      return issue.values.length <= 8
        ? `One of: ${issue.values.map((v) => String(v)).join(', ')}`
        : 'Not one of the values this takes';
    case 'unrecognized_keys':
      return `Not a field here: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `A multiple of ${String(issue.divisor)}`;
    default:
      return 'Not a valid value';
  }
}
