/**
 * How one field of a service answer is read: as leniently as the most lenient
 * official SDK model reads it, and no more (service-wire-facts.md, "What the
 * SDKs' own test vectors show").
 *
 * The PHP SDK is that model: every one of its `fromArray` readers casts the
 * value and defaults a missing or null key (`(string) ($data['x'] ?? '')`,
 * `(float) ($data['x'] ?? 0)`, `isset($data['x']) ? (string) $data['x'] : null`);
 * Go's `encoding/json` gives the same zero values for a missing or null key,
 * and Python's `.get` gives null. So, per kind of field:
 *
 * | codec          | takes                               | missing or null |
 * | -------------- | ----------------------------------- | --------------- |
 * | `text`         | a string, or a number as its text   | `''`            |
 * | `textOrNull`   | the same                            | `null`          |
 * | `amount`       | a number, or a number written as text (`"90.00"`) | `0` |
 * | `amountOrNull` | the same                            | `null` (unknown, never shown as R$ 0,00) |
 * | `count`        | a whole number, or one written as text | `0`          |
 * | `flag`         | a boolean                           | `false`         |
 * | `id`           | a non-empty string, or a number as its text | refused: a decision depends on it |
 *
 * Where PHP's cast would invent a value (text that is not a number cast to
 * 0, an object cast to "Array"), the answer is refused instead: a guessed
 * figure is worse than a clear `invalid_response`.
 */
import { z } from 'zod';

/** A number written as text, as PHP's `(float)` and `(int)` read it when it really is one. */
const NUMERIC_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

const numberAsText = z.string().regex(NUMERIC_TEXT, 'must be a number').transform(Number);
const textOfAny = z.union([z.string(), z.number().transform(String)]);
const numberOfAny = z.union([z.number(), numberAsText]);

export const text = (fallback = '') => textOfAny.nullish().transform((v) => v ?? fallback);

export const textOrNull = () => textOfAny.nullish().transform((v) => v ?? null);

export const amount = (fallback = 0) => numberOfAny.nullish().transform((v) => v ?? fallback);

export const amountOrNull = () => numberOfAny.nullish().transform((v) => v ?? null);

/** PHP's `(int)` truncates; so does this (a count of 2.7 reads 2). */
export const count = (fallback = 0) =>
  numberOfAny.nullish().transform((v) => (v === null || v === undefined ? fallback : Math.trunc(v)));

export const countOrNull = () =>
  numberOfAny.nullish().transform((v) => (v === null || v === undefined ? null : Math.trunc(v)));

export const flag = (fallback = false) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

/** Required: the answer is refused without it (each use says which decision depends on it). */
export const id = () => z.union([z.string().min(1), z.number().transform(String)]);

/** Required money: the answer is refused without it (each use says why 0 would mislead). */
export const requiredAmount = () => numberOfAny;

/**
 * A nested object that may be missing or null: read as the object with
 * every key missing (PHP's `is_array($data['x'] ?? null) ? … : []`).
 */
export const nested = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> => v ?? (schema.parse({}) as z.output<T>));

/** A nested object that may be missing: null then, as the SDKs type it (`status|null`, `card|null`). */
export const nestedOrNull = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | null => v ?? null);

/** A list that may be missing or null: empty then (`$data['x'] ?? []`, Python's `or []`). */
export const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);
