/**
 * What a compromised or buggy renderer could send across IPC: wrong types,
 * huge and empty strings, NaN, Infinity, negative and fractional numbers,
 * `__proto__` and `constructor` keys, deep nesting, multi-megabyte strings.
 * Mixed into a channel's well-formed inputs (whole, or one field replaced).
 */
import fc from 'fast-check';

/** One shared copy: a fresh 3 MB string per input would make the fuzzer measure the allocator. */
const MEGA_STRING = 'x'.repeat(3 * 1024 * 1024);
const MEGA_UNICODE = 'ç😀'.repeat(400_000);

/** A value nested `depth` levels deep, alternating arrays and objects. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}
const DEEP = nested(20_000);

/** Objects whose own keys are the names that pollute prototypes when merged carelessly. */
const pollutingObjects = (): unknown[] => [
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  { constructor: 'x', toString: 1, valueOf: null, hasOwnProperty: 'x' },
  Object.create(null),
];

export const edgeValues: readonly unknown[] = [
  undefined,
  null,
  '',
  ' ',
  '\u0000',
  '\u200B\u200B',
  'ٱلسلام عليكم',
  '<script>alert(1)</script>',
  "'; DROP TABLE contacts; --",
  '../../../../etc/passwd',
  MEGA_STRING,
  MEGA_UNICODE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  -0,
  0.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  [],
  {},
  [[[[[]]]]],
  DEEP,
  new Date(0),
  ...pollutingObjects(),
];

/** Any hostile value: one of the edges above, or fast-check's own "anything". */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...edgeValues), weight: 3 },
  {
    arbitrary: fc.anything({
      maxDepth: 4,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
    }),
    weight: 2,
  },
);

/** A well-formed input with one field (existing or new) set to a hostile value. */
export function withOneHostileField(input: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      input,
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype')),
      hostileValue,
    )
    .map(([value, key, bad]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
      const keys = Object.keys(value);
      const target = keys.length > 0 && key.length % 2 === 0 ? keys[key.length % keys.length]! : key;
      // defineProperty: an assignment to `__proto__` would change the prototype instead of adding a key.
      const copy = { ...value };
      Object.defineProperty(copy, target, {
        value: bad,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return copy;
    });
}
