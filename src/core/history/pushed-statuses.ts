/**
 * Delivery reports the service pushed (`sms.status`, read from Torpedo
 * Server), written into the same rows the polling writes (send-repo.ts):
 * a message's row in `history_numbers` and its send's counts. So the two
 * paths never count a message twice: a report moves a row from one outcome
 * to another, and a report that finds the row already there (polled first,
 * or the same event handed twice) changes nothing.
 *
 * `done` stays the service's word, read by polling: a push moves the counts,
 * never finishes a send, so the polling still reads it once more for what
 * only a read gives (the cost, the exact summary) and overwrites the counts
 * with the service's own.
 *
 * A campaign batch the polling has not read yet is seeded from the outbox
 * (its messages, all in progress), so its report moves before the first
 * read. Sends that are not a campaign's (another tool's) are left to polling.
 */
import type { NumberOutcome } from '../../shared/dto/history';
import type { Database } from '../db/open-database';

export interface PushedStatus {
  sendId: string;
  /** E.164 with `+`. */
  phone: string;
  status: 'delivered' | 'failed' | 'in_progress';
  code: string | null;
  messageId: string | null;
}

export interface PushedStatusesOutcome {
  /** Messages whose outcome moved. */
  applied: number;
  /** Their sends, once each. */
  sendIds: string[];
}

type Bucket = 'delivered' | 'failed' | 'in_progress';

interface SendCountsRow {
  seq: number;
  detail_at: string | null;
  delivered: number | null;
  failed: number | null;
  in_progress: number | null;
}

export function createPushedStatuses(db: Database, now: () => Date) {
  const send = db.prepare<[string, string], SendCountsRow>(
    'SELECT seq, detail_at, delivered, failed, in_progress FROM history_sends WHERE profile = ? AND id = ?',
  );
  const batchOf = db.prepare<
    [string, string],
    { campaign_id: string; batch: number; messages: number; accepted_at: string | null }
  >(
    `SELECT b.campaign_id, b.batch, b.messages, b.accepted_at FROM campaign_batches b
       JOIN campaigns c ON c.id = b.campaign_id AND c.profile = ?
      WHERE b.send_id = ? AND b.state = 'accepted'`,
  );
  const batchPhones = db
    .prepare<[string, number], string>(
      'SELECT phone FROM campaign_messages WHERE campaign_id = ? AND batch = ? ORDER BY position',
    )
    .pluck();
  const seedSend = db.prepare<[string, string, string, number, number, number, string], { seq: number }>(
    `INSERT INTO history_sends (profile, id, created_at, quantity, status, type,
       total, delivered, failed, in_progress, done, detail_at)
     VALUES (?, ?, ?, ?, 'in_progress', '', ?, 0, 0, ?, 0, ?)
     ON CONFLICT (profile, id) DO UPDATE SET
       total = excluded.total, delivered = 0, failed = 0, in_progress = excluded.in_progress,
       done = 0, detail_at = excluded.detail_at
     RETURNING seq`,
  );
  const seedNumber = db.prepare<[number, number, string]>(
    `INSERT OR IGNORE INTO history_numbers (send_seq, position, id, phone, status, outcome, code, first_of_phone)
     VALUES (?, ?, '', ?, 'in_progress', 'in_progress', NULL, 1)`,
  );
  const number = db.prepare<
    [number, string, string],
    { position: number; outcome: NumberOutcome; status: string; code: string | null }
  >(
    `SELECT position, outcome, status, code FROM history_numbers
      WHERE send_seq = ? AND phone IN (?, ?) AND first_of_phone = 1`,
  );
  const moveNumber = db.prepare<[string, NumberOutcome, string | null, number, number]>(
    'UPDATE history_numbers SET status = ?, outcome = ?, code = coalesce(?, code) WHERE send_seq = ? AND position = ?',
  );
  const moveCounts = db.prepare<[number, number, number, number]>(
    'UPDATE history_sends SET delivered = ?, failed = ?, in_progress = ? WHERE seq = ?',
  );
  const addProgress = db.prepare<[number, string, number, number]>(
    'INSERT OR REPLACE INTO history_progress (send_seq, at, delivered, failed) VALUES (?, ?, ?, ?)',
  );

  /** The send's kept row with its numbers, seeded from its campaign batch when never read; null: not ours. */
  function sendRow(profile: string, sendId: string): SendCountsRow | null {
    const kept = send.get(profile, sendId);
    if (kept && kept.detail_at !== null) return kept;
    const batch = batchOf.get(profile, sendId);
    if (!batch) return null;
    const at = now().toISOString();
    const { seq } = seedSend.get(
      profile,
      sendId,
      batch.accepted_at ?? at,
      batch.messages,
      batch.messages,
      batch.messages,
      at,
    )!;
    batchPhones.all(batch.campaign_id, batch.batch).forEach((phone, position) => {
      seedNumber.run(seq, position, phone);
    });
    return send.get(profile, sendId)!;
  }

  /** Call inside the caller's transaction (the server's page and its cursor). */
  function apply(profile: string, statuses: readonly PushedStatus[]): PushedStatusesOutcome {
    let applied = 0;
    const sendIds = new Set<string>();
    const at = now().toISOString();
    for (const s of statuses) {
      const row = sendRow(profile, s.sendId);
      if (!row) continue;
      const digits = s.phone.replace(/^\+/, '');
      const kept = number.get(row.seq, `+${digits}`, digits);
      if (!kept || kept.outcome === s.status) continue;
      // A late "on its way" never takes back a final word (reports may arrive out of order).
      if (s.status === 'in_progress') continue;
      moveNumber.run(s.status, s.status, s.code, row.seq, kept.position);
      const counts: Record<Bucket, number> = {
        delivered: row.delivered ?? 0,
        failed: row.failed ?? 0,
        in_progress: row.in_progress ?? 0,
      };
      counts[kept.outcome] = Math.max(0, counts[kept.outcome] - 1);
      counts[s.status] += 1;
      moveCounts.run(counts.delivered, counts.failed, counts.in_progress, row.seq);
      addProgress.run(row.seq, at, counts.delivered, counts.failed);
      applied++;
      sendIds.add(s.sendId);
    }
    return { applied, sendIds: [...sendIds] };
  }

  return { apply };
}

export type PushedStatuses = ReturnType<typeof createPushedStatuses>;
