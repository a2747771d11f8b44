/** Input through the contract's zod schemas: anything else is a 400 naming the first problem. */
import type { z } from 'zod';
import { badRequest } from './errors';

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${where}${issue?.message ?? 'invalid input'}`);
}
