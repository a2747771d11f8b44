/**
 * Helpers for the history tests: bulk sends made with the service client
 * directly (as the outbox worker would, on the same sandbox account as the
 * core), and a campaign with its outbox written by SQL into the core's own
 * database file, since the campaign engine is built alongside this.
 */
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import { createSmsGoClient, type SmsGoClient } from '@core/api/smsgo-client';
import type { BatchState } from '@shared/dto/campaigns';
import { DATABASE_FILE } from '@core/kernel/create-core';
import type { Database } from '@core/db/open-database';

export { eventually, newKey, signedIn, startCore, useSandbox, value } from '../billing/billing-harness';

/** Phones the sandbox treats the same way every time (see src/sandbox/README.md). */
export const FAILS_INVALID = '+5511900000001';
export const FAILS_UNDELIVERED = '+5511900000002';
export const ALWAYS_DELIVERED = '+5511900000003';

/** `n` ordinary numbers: `+55119876500001`… (the sandbox fails about 3 % of these, by its seed). */
export const phones = (n: number, from = 1): string[] =>
  Array.from({ length: n }, (_, i) => `+551198765${String(from + i).padStart(4, '0')}`);

export function serviceClient(baseUrl: string, accountKey: string): SmsGoClient {
  return createSmsGoClient({ baseUrl, accountKey });
}

/** One bulk send; returns the service's send id. */
export async function bulkSend(
  client: SmsGoClient,
  messages: { phone: string; message?: string; reference?: string }[],
): Promise<string> {
  const result = await client.sendMultiple({
    messages: messages.map((m) => ({
      phone: m.phone,
      message: m.message ?? 'Olá! Promoção hoje.',
      ...(m.reference ? { reference: m.reference } : {}),
    })),
  });
  return result.id;
}

export interface TestBatch {
  state: BatchState;
  sendId?: string;
  acceptedAt?: string;
  reason?: string;
  messages: { phone: string; message: string; contactId?: string | null }[];
}

/** A second connection to the core's database file (WAL: both see each other's commits). */
export function openCoreDb(dataDir: string): Database {
  const db = new Sqlite(path.join(dataDir, DATABASE_FILE));
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return db;
}

/** A frozen campaign and its outbox, as the composer and the worker would leave them. */
export function insertCampaign(
  db: Database,
  campaign: { id: string; ref: string; name: string; status?: string; profile?: string; queuedAt?: string },
  batches: TestBatch[],
): void {
  const now = new Date().toISOString();
  // Queued a minute before its batches were accepted, as the outbox would.
  const queuedAt = campaign.queuedAt ?? new Date(Date.now() - 60_000).toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      campaign.id,
      campaign.profile ?? 'default',
      campaign.ref,
      campaign.name,
      campaign.status ?? 'sending',
      queuedAt,
      now,
      queuedAt,
    );
    const batch = db.prepare(
      `INSERT INTO campaign_batches (campaign_id, batch, state, messages, segments, cost, send_id, accepted_at, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const message = db.prepare(
      `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments, contact_id)
       VALUES (?, ?, ?, ?, ?, 1, ?)`,
    );
    batches.forEach((b, index) => {
      batch.run(
        campaign.id,
        index,
        b.state,
        b.messages.length,
        b.messages.length,
        b.messages.length * 0.09,
        b.sendId ?? null,
        b.state === 'accepted' ? (b.acceptedAt ?? now) : null,
        b.reason ?? null,
      );
      b.messages.forEach((m, position) =>
        message.run(campaign.id, index, position, m.phone, m.message, m.contactId ?? null),
      );
    });
  })();
}

/** The reference the outbox gives a campaign message. */
export const reference = (ref: string, batch: number, position: number) => `${ref}-${batch}-${position}`;
