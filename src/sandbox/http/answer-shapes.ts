/**
 * Answer shapes: the other ways the real service may answer that the official
 * SDKs accept (service-wire-facts.md says which), switched on through
 * `POST /__sandbox/shapes` so that the demo and the tests can show that a
 * client copes with them. By default every answer has the documented shape.
 *
 * They change how an answer is written, never what happens: a purchase
 * answered with an unknown status still charged the card and credited the
 * balance exactly as the documented answer would have said.
 */
import { z } from 'zod';
import type { Reply } from './http-io';

export const answerShapesSchema = z
  .object({
    /** Token answers `{token}` without `mode` (the SDKs read that as live). */
    tokenWithoutMode: z.boolean(),
    /** Purchases answer this status instead of `succeeded`/`processing` (null: the real one). */
    purchaseStatus: z.string().min(1).max(64).nullable(),
    /**
     * Error bodies: `documented` `{code, message, errors?}`; `no-code` without
     * `code`; `numeric-code` with a legacy numeric code; `text` a plain-text
     * body that is not JSON.
     */
    errorBody: z.enum(['documented', 'no-code', 'numeric-code', 'text']),
    /** Contact create and update answer `{id}` instead of the bare uuid string. */
    contactIdAsObject: z.boolean(),
    /** The balance's `currency` (documented: "BRL"). */
    currency: z.string().min(1).max(16),
    /** Invoice numbers as text (`"SBX-000001"`, as earlier sandboxes wrote them) instead of integers. */
    invoiceNumberAsText: z.boolean(),
    /**
     * Every success answer in its SDK-minimal shape: only the keys no SDK can
     * do without (minimal-answers.ts).
     */
    minimal: z.boolean(),
    /**
     * A message's status word: `documented` (`delivered`, `failed`, `sent`...),
     * `pt` the Portuguese the SDKs' vectors show (`entregue`, `falhou`,
     * `enviado`), `unknown` words Torpedo has never seen (a provider's
     * `DELIVRD`...). Summaries and the status filter stay the service's.
     */
    numberWords: z.enum(['documented', 'pt', 'unknown']),
  })
  .strict();

export type AnswerShapes = z.infer<typeof answerShapesSchema>;

export const DOCUMENTED_SHAPES: AnswerShapes = {
  tokenWithoutMode: false,
  purchaseStatus: null,
  errorBody: 'documented',
  contactIdAsObject: false,
  currency: 'BRL',
  invoiceNumberAsText: false,
  minimal: false,
  numberWords: 'documented',
};

/** What `POST /__sandbox/shapes` takes: any subset, the rest documented. */
export const answerShapesRequest = answerShapesSchema.partial();

/** A legacy numeric code per documented one (invented: the SDKs only say such codes exist). */
const NUMERIC_CODES: Readonly<Record<string, number>> = {
  bad_request: 1000,
  unauthorized: 1001,
  insufficient_balance: 1006,
  provider_out_of_stock: 1009,
  validation_error: 1022,
  rate_limited: 1029,
  payment_unavailable: 1053,
};

/** An error reply rewritten in the chosen shape; success replies pass unchanged. */
export function shapeErrorReply(reply: Reply, shapes: AnswerShapes): Reply {
  if (reply.status < 400 || shapes.errorBody === 'documented') return reply;
  const body = reply.body as { code?: unknown; message?: unknown; errors?: unknown } | undefined;
  if (body === undefined || typeof body.code !== 'string') return reply;
  const { code, ...rest } = body;
  switch (shapes.errorBody) {
    case 'no-code':
      return { ...reply, body: rest };
    case 'numeric-code':
      return { ...reply, body: { ...rest, code: NUMERIC_CODES[code] ?? 1000 + reply.status } };
    case 'text':
      return { ...reply, body: undefined, text: String(body.message ?? code) };
  }
}
