/**
 * Every response body is checked against its wire schema before anyone uses
 * it: a service that changed shape should fail loudly here, with the path and
 * the offending field names, not deep in the UI with `undefined`.
 */
import type { z } from 'zod';
import { InvalidResponseError } from './service-error';

export interface Where {
  method: string;
  path: string;
  status: number;
}

/** At most this many field problems are reported; one is usually enough to see the drift. */
const MAX_ISSUES = 10;

export function validated<S extends z.ZodType>(schema: S, body: unknown, where: Where): z.infer<S> {
  // got hands an empty body (a 204, a bare 200) over as "": the SDKs read it as null.
  const parsed = schema.safeParse(body === '' ? null : body);
  if (parsed.success) return parsed.data;
  // Field paths and zod's generic wording only: never the received values,
  // which could be a webhook secret or a customer's phone number.
  const errors = parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  throw new InvalidResponseError({ ...where, errors });
}

/**
 * A balance no account holds (R$ 1e308 was shown as it came): the shape is
 * right but the figure is not believable, so it is refused as an invalid
 * answer rather than shown, cached or used to lift a credit hold.
 */
export const MAX_BELIEVABLE_BALANCE = 1_000_000_000;

export function believableBalance<T extends { balance: number }>(answer: T, where: Where): T {
  if (Number.isFinite(answer.balance) && Math.abs(answer.balance) <= MAX_BELIEVABLE_BALANCE) return answer;
  throw new InvalidResponseError({
    ...where,
    errors: [{ field: 'balance', message: `beyond any real balance (over R$ ${MAX_BELIEVABLE_BALANCE})` }],
  });
}
