/**
 * One event from the service, received right (issue 33): the signature
 * checked on the raw body in constant time, the body read and checked, a
 * stale `sentAt` refused, and the event stored once by its `id`, committed
 * before the answer. Each paired computer of the shop gets it in its queue
 * in the same transaction (events/feed.ts hands it out).
 */
import type { Pool } from 'pg';
import { z } from 'zod';
import { HOOK_MAX_SKEW_MS, type HookOutput } from '../../shared/server-contract/v1';
import { verifyWebhookSignature } from '../../shared/webhook/signature';
import { WEBHOOK_EVENTS, webhookEvent } from '../../shared/webhook/events';
import { inTransaction } from '../db/pool';
import { HOOK_ID, webhookSecretOf } from '../db/workspaces';
import { HttpError, badRequest } from '../http/errors';

/** Printable text without control characters (Postgres text refuses NUL). */
const plain = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), {
      message: 'control characters',
    });

/** What every event must carry; `data` of a known `event` is checked by its own schema. */
const envelope = z.looseObject({
  id: plain(200),
  event: plain(100),
  sentAt: z.string().max(64),
  test: z.boolean().optional(),
  data: z.looseObject({}),
});

const KNOWN_EVENTS = new Set<string>(Object.values(WEBHOOK_EVENTS));

export interface ReceivedEvent {
  hookId: string;
  rawBody: string;
  signature: string | undefined;
  now: number;
}

export async function receiveEvent(pool: Pool, input: ReceivedEvent): Promise<HookOutput> {
  const { hookId, rawBody, signature, now } = input;
  if (!HOOK_ID.test(hookId)) throw new HttpError(404, 'not_found', 'No such hook.');
  const workspace = await webhookSecretOf(pool, hookId);
  if (!workspace) throw new HttpError(404, 'not_found', 'No such hook.');
  if (workspace.secret === null) {
    throw new HttpError(
      401,
      'no_webhook_secret',
      'No computer has handed this server the webhook secret yet.',
    );
  }
  if (!(await verifyWebhookSignature(rawBody, signature, workspace.secret))) {
    throw new HttpError(401, 'bad_signature', 'X-SMSGo-Signature is missing or does not match the body.');
  }

  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('The body is not JSON.');
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) throw badRequest('The body is not an event ({id, event, sentAt, data}).');
  const event = parsed.data;
  if (KNOWN_EVENTS.has(event.event) && !webhookEvent.safeParse(json).success) {
    throw badRequest(`The body is not a well-formed ${event.event} event.`);
  }
  const sentAt = Date.parse(event.sentAt);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(event.sentAt) || Number.isNaN(sentAt)) {
    throw badRequest('sentAt is not an ISO 8601 time.');
  }
  if (Math.abs(now - sentAt) > HOOK_MAX_SKEW_MS) {
    throw new HttpError(400, 'stale_event', 'sentAt is more than 5 minutes from the server’s clock.');
  }

  return inTransaction(pool, async (client) => {
    // Pairing holds the workspace FOR UPDATE while it fills a new device's queue: this waits for it.
    await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR KEY SHARE', [hookId]);
    const inserted = await client.query<{ seq: string }>(
      `INSERT INTO events (workspace_id, event_id, event, sent_at, received_at, raw)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT events_once DO NOTHING
       RETURNING seq`,
      [hookId, event.id, event.event, new Date(sentAt), new Date(now), rawBody],
    );
    const seq = inserted.rows[0]?.seq;
    if (seq === undefined) return { stored: false, duplicate: true };
    await client.query(
      'INSERT INTO device_events (device_id, seq) SELECT id, $2 FROM devices WHERE workspace_id = $1',
      [hookId, seq],
    );
    return { stored: true, duplicate: false };
  });
}
