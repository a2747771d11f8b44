/**
 * Inputs that pass, or nearly pass, a channel's input schema: the contract's
 * zod schema as JSON Schema (`z.toJSONSchema`, the input side), turned into a
 * fast-check arbitrary. Random junk alone almost never gets past validation;
 * these reach the handlers, with values at the edges the schema allows.
 *
 * Fields that name a place on the network (`format: uri`) only ever point at
 * `urls` (the test's sandbox, a closed port): a fuzzer must not make the core
 * dial random hosts, and a name lookup without a network could take seconds.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

export interface SchemaArbitraryOptions {
  /** Where `format: uri` fields may point. */
  urls: readonly string[];
}

/** Long enough to find the edges, short enough to run thousands of calls. */
const MAX_STRING = 300;
const MAX_ITEMS = 20;

export function arbitraryOf(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const of = (s: JsonSchema) => arbitraryOf(s, options);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(of));
  if (schema.allOf?.length) return of(Object.assign({}, ...schema.allOf) as JsonSchema);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, of);
    case 'array':
      return fc.array(schema.items ? of(schema.items) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? MAX_ITEMS, Math.max(schema.minItems ?? 0, MAX_ITEMS)),
      });
    case 'string':
      return stringOf(schema, options);
    case 'integer':
      return fc.integer({
        min: Math.ceil(
          schema.minimum ??
            (schema.exclusiveMinimum ?? -(2 ** 31)) + (schema.exclusiveMinimum !== undefined ? 1 : 0),
        ),
        max: Math.floor(
          schema.maximum ??
            (schema.exclusiveMaximum ?? 2 ** 31) - (schema.exclusiveMaximum !== undefined ? 1 : 0),
        ),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, of: (s: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = of(property);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
}

function stringOf(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Number.MAX_SAFE_INTEGER);
  switch (schema.format) {
    case 'uri':
      return fc.constantFrom(...options.urls);
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uuid':
      return fc.uuid();
    default:
      break;
  }
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .map((s) => s.slice(0, max))
      .filter(fits);
  }
  // Any text: accents, emoji, right-to-left, and (binary) lone surrogates and control characters.
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    fc.string({ minLength: min, maxLength: max, unit: 'binary' }),
  );
}
