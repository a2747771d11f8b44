/**
 * Request validation with the shared wire schemas: a zod failure becomes a
 * 422 `validation_error` whose `errors[]` name each field by its dotted path
 * (`messages.0.phone`).
 */
import type { z } from 'zod';
import { badRequest, validationError, type FieldError } from './http-io';

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
    message: issue.message,
  }));
}

/** Validates a required JSON body. */
export function parseWith<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined) throw badRequest('A JSON body is required.');
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}

/** Validates an optional JSON body: none counts as `{}`. */
export function parseOptional<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  return parseWith(schema, body ?? {});
}
