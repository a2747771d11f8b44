import type { z } from 'zod';

/**
 * The overrides one environment variable holds, as a JSON object checked
 * with `schema`; undefined when it is unset. This is how tests, benchmarks
 * and the CLI's crash proofs shorten the app's waits
 * (TORPEDO_DELIVERY_TIMINGS, TORPEDO_PURCHASE_TIMINGS). Anything else is
 * refused with a plain error naming the variable, rather than silently ignored.
 */
export function envOverrides<S extends z.ZodType>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: S,
): z.output<S> | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} is not valid JSON.`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const fields = result.error.issues.map((i) => i.path.join('.') || '(value)').join(', ');
    throw new Error(`${name} has values Torpedo cannot use: ${fields}.`);
  }
  return result.data;
}
