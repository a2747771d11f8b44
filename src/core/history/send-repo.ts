import type { FailedChargeView, NumberOutcome, SendCounts, SendListItemView } from '../../shared/dto/history';
import type { SendDetail, SendListItem, SendSummary } from '../api/wire-schemas';
import type { Database } from '../db/open-database';
import { FAILED_COST_COLUMNS, failedChargeOf, type FailedCostRow } from './failed-charge';

/** A message of a send as read from the service (from `/show` phones or `/numbers` pages). */
export interface FetchedNumber {
  id: string;
  phone: string;
  status: string;
  code: string | null;
  /** Where the service puts it (its status filter), else its word (send-history.ts decides). */
  outcome: NumberOutcome;
  /** R$ the service charged for it; null when it did not say (`/numbers` carries no cost). */
  cost: number | null;
}

/** The sends table's totals as the service last gave them (a send's row, a campaign batch's join). */
export interface SendTotalsColumns {
  cost: number | null;
  total: number | null;
  delivered: number | null;
  failed: number | null;
  in_progress: number | null;
  done: 0 | 1 | null;
  detail_at: string | null;
}

export interface SendRow extends SendTotalsColumns {
  seq: number;
  id: string;
  number: number | null;
  created_at: string;
  scheduled_at: string | null;
  quantity: number;
  status: string;
  type: string;
  segments: number | null;
  listed_at: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  campaign_batch: number | null;
  test_campaign_id: string | null;
  test_campaign_name: string | null;
}

export interface NumberRow {
  position: number;
  id: string;
  phone: string;
  status: string;
  outcome: NumberOutcome;
  code: string | null;
  cost: number | null;
}

// The campaign a send delivered, through the outbox's unique send id (same profile only); or the
// campaign it was a test message of (its name as it is now, or as it was when the campaign is gone).
const SEND_COLUMNS = `
  s.seq, s.id, s.number, s.created_at, s.scheduled_at, s.quantity, s.status, s.type, s.segments, s.cost,
  s.total, s.delivered, s.failed, s.in_progress, s.done, s.detail_at, s.listed_at,
  c.id AS campaign_id, c.name AS campaign_name, b.batch AS campaign_batch,
  tc.id AS test_campaign_id, COALESCE(tc.name, t.campaign_name) AS test_campaign_name
  FROM history_sends s
  LEFT JOIN campaign_batches b ON b.send_id = s.id
  LEFT JOIN campaigns c ON c.id = b.campaign_id AND c.profile = s.profile
  LEFT JOIN campaign_test_sends t ON t.profile = s.profile AND t.send_id = s.id
  LEFT JOIN campaigns tc ON tc.id = t.campaign_id`;

/**
 * A send's counts: the service's summary, as it gives them. A summary left
 * out altogether (the SDKs would read zeros: "0 delivered, 0 on the way") is
 * made from the numbers, where each is put by the service's status filter or
 * its word; such a send is done once every number has a final outcome.
 */
export function countsFor(detail: SendDetail, numbers: readonly FetchedNumber[]): SendSummary {
  const s = detail.summary;
  if (s !== null) {
    const total = s.total || detail.quantity;
    const inProgress = s.done ? s.inProgress : Math.max(s.inProgress, total - s.delivered - s.failed);
    return { ...s, total, inProgress };
  }
  let delivered = 0;
  let failed = 0;
  for (const n of numbers) {
    if (n.outcome === 'delivered') delivered++;
    else if (n.outcome === 'failed') failed++;
  }
  const total = Math.max(detail.quantity, numbers.length);
  const inProgress = total - delivered - failed;
  return { total, delivered, failed, inProgress, done: total > 0 && inProgress === 0 };
}

export function countsOf(row: SendRow): SendCounts | null {
  if (row.done === null) return null;
  return {
    total: row.total ?? row.quantity,
    delivered: row.delivered ?? 0,
    failed: row.failed ?? 0,
    inProgress: row.in_progress ?? 0,
    done: row.done === 1,
  };
}

export function sendListItemView(row: SendRow): SendListItemView {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.created_at,
    scheduledAt: row.scheduled_at,
    quantity: row.quantity,
    status: row.status,
    type: row.type,
    counts: countsOf(row),
    campaign:
      row.campaign_id !== null && row.campaign_name !== null && row.campaign_batch !== null
        ? { id: row.campaign_id, name: row.campaign_name, batch: row.campaign_batch }
        : null,
    test:
      row.test_campaign_name !== null
        ? { campaignId: row.test_campaign_id, campaignName: row.test_campaign_name }
        : null,
  };
}

/**
 * The kept copy of the service's sends and their numbers (migration 0013),
 * per profile. Writes replace what the service said last; reads never call
 * the service.
 */
export function createSendRepo(db: Database) {
  const upsertListed = db.prepare(
    `INSERT INTO history_sends (profile, id, number, created_at, scheduled_at, quantity, status, type, listed_at)
     VALUES (@profile, @id, @number, @created_at, @scheduled_at, @quantity, @status, @type, @listed_at)
     ON CONFLICT (profile, id) DO UPDATE SET
       number = excluded.number, created_at = excluded.created_at, scheduled_at = excluded.scheduled_at,
       quantity = excluded.quantity, status = excluded.status, type = excluded.type, listed_at = excluded.listed_at`,
  );
  // A send opened before it was listed (a campaign's) takes its date from its first message.
  const upsertDetail = db.prepare(
    `INSERT INTO history_sends (profile, id, created_at, scheduled_at, quantity, status, type,
       segments, cost, total, delivered, failed, in_progress, done, detail_at)
     VALUES (@profile, @id, @created_at, @scheduled_at, @quantity, @status, @type,
       @segments, @cost, @total, @delivered, @failed, @in_progress, @done, @detail_at)
     ON CONFLICT (profile, id) DO UPDATE SET
       scheduled_at = excluded.scheduled_at, quantity = excluded.quantity, status = excluded.status,
       type = excluded.type, segments = excluded.segments, cost = excluded.cost, total = excluded.total,
       delivered = excluded.delivered, failed = excluded.failed, in_progress = excluded.in_progress,
       done = excluded.done, detail_at = excluded.detail_at
     RETURNING seq`,
  );
  // Positional parameters: these run 5000 times per send read, and bind faster than named ones.
  const insertNumber = db.prepare<
    [number, number, string, string, string, NumberOutcome, string | null, 0 | 1, number | null]
  >(
    `INSERT INTO history_numbers (send_seq, position, id, phone, status, outcome, code, first_of_phone, cost)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateNumber = db.prepare<
    [string, string, NumberOutcome, string | null, number | null, number, number]
  >(
    `UPDATE history_numbers SET id = ?, status = ?, outcome = ?, code = ?, cost = ?
      WHERE send_seq = ? AND position = ?`,
  );
  const storedNumbers = db.prepare<[number], NumberRow>(
    'SELECT position, id, phone, status, outcome, code, cost FROM history_numbers WHERE send_seq = ? ORDER BY position',
  );
  const dropNumbers = db.prepare<[number, number]>(
    'DELETE FROM history_numbers WHERE send_seq = ? AND position >= ?',
  );
  const lastProgress = db.prepare<[number], { delivered: number; failed: number }>(
    'SELECT delivered, failed FROM history_progress WHERE send_seq = ? ORDER BY at DESC LIMIT 1',
  );
  const addProgress = db.prepare<[number, string, number, number]>(
    'INSERT OR REPLACE INTO history_progress (send_seq, at, delivered, failed) VALUES (?, ?, ?, ?)',
  );
  const one = db.prepare<[string, string], SendRow>(
    `SELECT ${SEND_COLUMNS} WHERE s.profile = ? AND s.id = ?`,
  );
  const someOf = db.prepare<[string, string], SendRow>(
    `SELECT ${SEND_COLUMNS} WHERE s.profile = ? AND s.id IN (SELECT value FROM json_each(?))`,
  );
  const newest = db.prepare<[string, number, number], SendRow>(
    `SELECT ${SEND_COLUMNS} WHERE s.profile = ? ORDER BY s.created_at DESC, s.number DESC, s.id LIMIT ? OFFSET ?`,
  );
  const countSends = db
    .prepare<[string], number>('SELECT count(*) FROM history_sends WHERE profile = ?')
    .pluck();
  const open = db.prepare<[string], { id: string; created_at: string; scheduled_at: string | null }>(
    'SELECT id, created_at, scheduled_at FROM history_sends WHERE profile = ? AND done = 0',
  );
  // A page scans at most one send's 5000 rows: no index on the outcome is worth its writes.
  const numbersPage = db.prepare<[number, string | null, string | null, number, number], NumberRow>(
    `SELECT position, id, phone, status, outcome, code, cost FROM history_numbers
      WHERE send_seq = ? AND (? IS NULL OR outcome = ?)
      ORDER BY position LIMIT ? OFFSET ?`,
  );
  const countNumbers = db
    .prepare<[number, string | null, string | null], number>(
      'SELECT count(*) FROM history_numbers WHERE send_seq = ? AND (? IS NULL OR outcome = ?)',
    )
    .pluck();
  const removeProfile = db.prepare<[string]>('DELETE FROM history_sends WHERE profile = ?');
  const failedCosts = db.prepare<[number], FailedCostRow>(
    `SELECT ${FAILED_COST_COLUMNS} FROM history_numbers n WHERE n.send_seq = ? AND n.outcome = 'failed'`,
  );

  /**
   * Writes only what changed since the last read: a send still in progress is
   * read again and again, and most of its numbers stay as they were. When the
   * service returns the phones in another order, the numbers are rewritten.
   */
  function writeNumbers(seq: number, numbers: readonly FetchedNumber[]): void {
    const stored = storedNumbers.all(seq);
    const samePhones = stored.every((s, i) => i >= numbers.length || numbers[i]!.phone === s.phone);
    if (!samePhones) dropNumbers.run(seq, 0);
    const kept = samePhones ? stored : [];
    const seen = new Set<string>();
    numbers.forEach((n, position) => {
      const { outcome } = n;
      const before = kept[position];
      if (!before) {
        const first = seen.has(n.phone) ? 0 : 1;
        insertNumber.run(seq, position, n.id, n.phone, n.status, outcome, n.code, first, n.cost);
      } else if (
        before.status !== n.status ||
        before.code !== n.code ||
        before.outcome !== outcome ||
        before.id !== n.id ||
        before.cost !== n.cost
      ) {
        updateNumber.run(n.id, n.status, outcome, n.code, n.cost, seq, position);
      }
      seen.add(n.phone);
    });
    if (kept.length > numbers.length) dropNumbers.run(seq, numbers.length);
  }

  const saveDetailTx = db.transaction(
    (
      profile: string,
      detail: SendDetail,
      numbers: readonly FetchedNumber[],
      at: string,
      createdAt: string,
    ) => {
      const summary = countsFor(detail, numbers);
      const { seq } = upsertDetail.get({
        profile,
        id: detail.id,
        created_at: createdAt,
        scheduled_at: detail.date,
        quantity: detail.quantity,
        status: detail.status,
        type: detail.type,
        segments: detail.total,
        cost: detail.cost,
        total: summary.total,
        delivered: summary.delivered,
        failed: summary.failed,
        in_progress: summary.inProgress,
        done: summary.done ? 1 : 0,
        detail_at: at,
      }) as { seq: number };
      writeNumbers(seq, numbers);
      const last = lastProgress.get(seq);
      if (!last || last.delivered !== summary.delivered || last.failed !== summary.failed) {
        addProgress.run(seq, at, summary.delivered, summary.failed);
      }
    },
  );
  const saveListedTx = db.transaction((profile: string, items: readonly SendListItem[], at: string) => {
    for (const s of items) {
      upsertListed.run({
        profile,
        id: s.id,
        number: s.number,
        created_at: s.created_at,
        scheduled_at: s.date,
        quantity: s.quantity,
        status: s.status,
        type: s.type,
        listed_at: at,
      });
    }
  });

  return {
    /** One page of `/v1/sms/list`; the detail columns of sends already opened stay. */
    saveListed(profile: string, items: readonly SendListItem[], at: string): void {
      saveListedTx(profile, items, at);
    },

    /** A send's summary and every number, in one transaction. Returns whether anything a user sees changed. */
    saveDetail(profile: string, detail: SendDetail, numbers: readonly FetchedNumber[], at: string): boolean {
      const before = one.get(profile, detail.id);
      const createdAt = before?.created_at || detail.phones[0]?.created_at || at;
      saveDetailTx(profile, detail, numbers, at, createdAt);
      const counts = countsFor(detail, numbers);
      return (
        before === undefined ||
        before.done === null ||
        before.status !== detail.status ||
        before.delivered !== counts.delivered ||
        before.failed !== counts.failed ||
        before.done !== (counts.done ? 1 : 0)
      );
    },

    get: (profile: string, id: string): SendRow | undefined => one.get(profile, id),

    /** Rows for these ids, in the order given (ids not kept are left out). */
    getMany(profile: string, ids: readonly string[]): SendRow[] {
      const byId = new Map(someOf.all(profile, JSON.stringify(ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    newest: (profile: string, offset: number, limit: number): SendRow[] => newest.all(profile, limit, offset),
    count: (profile: string): number => countSends.get(profile) ?? 0,

    /** Sends opened and not done yet, with their dates (the caller decides which are recent). */
    open: (profile: string) => open.all(profile),

    numbers(send: SendRow, outcome: NumberOutcome | null, offset: number, limit: number) {
      return {
        rows: numbersPage.all(send.seq, outcome, outcome, limit, offset),
        total: countNumbers.get(send.seq, outcome, outcome) ?? 0,
      };
    },

    /** Whether the send's failed messages were charged, from the service's cost of each. */
    failedCharge: (send: SendRow): FailedChargeView =>
      failedChargeOf(failedCosts.get(send.seq), send.failed ?? 0),

    /** Numbers and progress cascade with their sends. */
    clearProfile: (profile: string): void => void removeProfile.run(profile),
  };
}

export type SendRepo = ReturnType<typeof createSendRepo>;
