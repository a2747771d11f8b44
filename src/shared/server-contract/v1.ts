/**
 * The desktop–server contract, version 1 (ARCHITECTURE.md, "The server"):
 * every path Torpedo Server answers under `/v1`, its input and output as zod
 * schemas, and the closed list of error codes. Torpedo Server validates with
 * these; the desktop's `server` domain will call with them. A change that
 * breaks a client is a `/v2`, never an edit here.
 *
 * Auth: every `/v1` path but `pair` takes `Authorization: Bearer <token>`,
 * the token `pair` handed over once (the server keeps only its hash).
 */
import { z } from 'zod';

export const SERVER_API_VERSION = 'v1';

/** `NNNN-NNNN`: eight digits, one use, valid 10 minutes. */
export const PAIRING_CODE = /^\d{4}-\d{4}$/;
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;

/** The paths, relative to the server's address. */
export const SERVER_PATHS = {
  pair: '/v1/pair',
  pairingCodes: '/v1/pairing-codes',
  webhookSecret: '/v1/webhook-secret',
  status: '/v1/status',
  events: '/v1/events',
  ack: '/v1/events/ack',
  /** Where the service POSTs its events: `/hooks/smsgo/<hookId>`, outside `/v1` (the service's wire). */
  hook: (hookId: string) => `/hooks/smsgo/${hookId}`,
} as const;

export const SERVER_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'bad_signature',
  'stale_event',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'pairing_code_invalid',
  'no_webhook_secret',
  'rate_limited',
  'internal',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Every non-2xx answer's body. */
export const serverError = z.object({ code: z.enum(SERVER_ERROR_CODES), message: z.string() });
export type ServerError = z.infer<typeof serverError>;

// ---------------------------------------------------------------- pairing

/** The computer's name, as the owner will read it in a list of paired computers. */
const deviceName = z.string().trim().min(1).max(100);

export const pairInput = z.object({ code: z.string().regex(PAIRING_CODE), name: deviceName });
export type PairInput = z.infer<typeof pairInput>;
/** The token is shown once: the server keeps only its hash. */
export const pairOutput = z.object({
  deviceId: z.string(),
  token: z.string(),
  workspaceId: z.string(),
  hookPath: z.string(),
  hookUrl: z.string().nullable(),
});
export type PairOutput = z.infer<typeof pairOutput>;

export const pairingCodeOutput = z.object({ code: z.string().regex(PAIRING_CODE), expiresAt: z.string() });
export type PairingCodeOutput = z.infer<typeof pairingCodeOutput>;

// ---------------------------------------------------------------- the webhook secret

/** The account's webhook secret (`whsec_…`), handed over by a paired computer. */
export const webhookSecretInput = z.object({ secret: z.string().min(8).max(256) });
export type WebhookSecretInput = z.infer<typeof webhookSecretInput>;

/** `hookUrl` is null when the server was not told its public address (`--public-url`). */
export const statusOutput = z.object({
  version: z.literal(SERVER_API_VERSION),
  workspaceId: z.string(),
  deviceId: z.string(),
  hookPath: z.string(),
  hookUrl: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
});
export type StatusOutput = z.infer<typeof statusOutput>;

// ---------------------------------------------------------------- the events feed

export const EVENTS_PAGE_MAX = 500;
export const EVENTS_PAGE_DEFAULT = 100;

/**
 * `after`: the cursor of the page the computer has applied (acknowledges it,
 * as `POST /v1/events/ack` does); `limit`: at most this many events.
 */
export const eventsQuery = z.object({
  after: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_DEFAULT),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

/**
 * One stored event. `body` is the service's event as it arrived (parse it
 * with src/shared/webhook/events.ts's `webhookEvent`; an `event` the app does
 * not know is skipped). `seq` orders them as the server stored them.
 */
export const feedEvent = z.object({
  seq: z.string(),
  id: z.string(),
  event: z.string(),
  sentAt: z.string(),
  receivedAt: z.string(),
  body: z.unknown(),
});
export type FeedEvent = z.infer<typeof feedEvent>;

/**
 * A page of the computer's events not yet acknowledged, oldest first, held
 * for this computer for a while (another request gets the next ones).
 * `cursor` is null when the page is empty; acknowledge it once the events
 * are applied, and they are never handed to this computer again; an
 * unacknowledged page comes back later.
 */
export const eventsOutput = z.object({ events: z.array(feedEvent), cursor: z.string().nullable() });
export type EventsOutput = z.infer<typeof eventsOutput>;

export const ackInput = z.object({ cursor: z.string().min(1).max(200) });
export type AckInput = z.infer<typeof ackInput>;
export const ackOutput = z.object({ acknowledged: z.number().int().nonnegative() });
export type AckOutput = z.infer<typeof ackOutput>;

// ---------------------------------------------------------------- the service's webhook

/**
 * What `POST /hooks/smsgo/<hookId>` answers with 200: stored now, or already
 * stored before (a duplicate changes nothing). Its refusals, each with
 * `serverError`'s body and nothing stored: 400 `bad_request` (not JSON, not
 * an event, a known event of the wrong shape), 400 `stale_event` (signed, but
 * `sentAt` more than HOOK_MAX_SKEW_MS from the server's clock: a replay, not
 * to be retried), 401 `bad_signature` (missing or wrong `X-SMSGo-Signature`),
 * 401 `no_webhook_secret` (no computer handed the secret over yet), 404
 * `not_found` (no such hook), 413 `payload_too_large` (over HOOK_BODY_LIMIT),
 * 429 `rate_limited` (too many from one source address).
 */
export const hookOutput = z.object({ stored: z.boolean(), duplicate: z.boolean() });
export type HookOutput = z.infer<typeof hookOutput>;

/** How far `sentAt` may be from the server's clock, either way. */
export const HOOK_MAX_SKEW_MS = 5 * 60 * 1000;
/** The largest event body the hook reads. */
export const HOOK_BODY_LIMIT = 64 * 1024;
