/**
 * Writes a campaign's outbox (migration 0012) message by message, as the
 * freeze renders them: batches of at most 5000 (one bulk request each),
 * each message at its (batch, position), which is what its reference
 * `<ref>-<batch>-<position>` is made of.
 *
 * Speed matters (100,000 messages in about a second): statements are
 * prepared once, messages go in 50 per INSERT (a statement run costs more
 * than a row), and a batch's totals are written once when it is full.
 * The 50 rows of one INSERT always belong to one batch at consecutive
 * positions (5000 is a multiple of 50, and a batch change writes what is
 * pending first), so the campaign, the batch and the first position are
 * bound once per INSERT, not once per row: binding is most of an INSERT's
 * cost. The caller holds the transaction.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { LIMITS } from '../../api/wire';
import type { Database } from '../../db/open-database';
import { costReais } from '../campaign-money';

/** Messages per batch: the most one bulk request takes. */
export const BATCH_SIZE = LIMITS.bulkMessagesMax;

/** Rows per multi-row INSERT (a divisor of BATCH_SIZE); 6 parameters each, well under SQLite's 32,766. */
const ROWS_PER_INSERT = 50;
/** Parameters bound per row: phone, message, segments, contact_id, zone, schedule. */
const PER_ROW = 6;
const COLUMNS = '(campaign_id, batch, position, phone, message, segments, contact_id, zone, schedule)';
/** The k-th row of an INSERT: its position is the first one's plus k. */
const row = (k: number) => `(:campaign, :batch, :first + ${k}, ?, ?, ?, ?, ?, ?)`;

/** Bound once per INSERT. */
interface Shared {
  campaign: string;
  batch: number;
  first: number;
}

export interface FreezeStatements {
  many: BetterSqlite3.Statement<[Shared, unknown[]]>;
  one: BetterSqlite3.Statement<[Shared, unknown[]]>;
  openBatch: BetterSqlite3.Statement<[string, number]>;
  closeBatch: BetterSqlite3.Statement<[number, number, number, number | null, number | null, string, number]>;
}

export function prepareFreezeStatements(db: Database): FreezeStatements {
  return {
    many: db.prepare<[Shared, unknown[]]>(
      `INSERT INTO campaign_messages ${COLUMNS} VALUES ${Array.from({ length: ROWS_PER_INSERT }, (_, k) => row(k)).join(', ')}`,
    ),
    one: db.prepare<[Shared, unknown[]]>(`INSERT INTO campaign_messages ${COLUMNS} VALUES ${row(0)}`),
    // The batch row comes first (its messages point at it); its totals are known once it is full.
    openBatch: db.prepare<[string, number]>(
      'INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES (?, ?, 1, 0, 0)',
    ),
    // not_before / last_at: when the batch may leave (outbox/batch-times.ts), known as its messages are.
    closeBatch: db.prepare<[number, number, number, number | null, number | null, string, number]>(
      `UPDATE campaign_batches SET messages = ?, segments = ?, cost = ?, not_before = ?, last_at = ?
        WHERE campaign_id = ? AND batch = ?`,
    ),
  };
}

export class FreezeWriter {
  /** Batches written so far. */
  batches = 0;
  private position: number = BATCH_SIZE;
  private batchSegments = 0;
  /** The batch's earliest and latest schedules; first null once a message goes when its batch leaves. */
  private firstAt: number | null = Infinity;
  private lastAt: number | null = null;
  private readonly pending: unknown[] = new Array<unknown>(ROWS_PER_INSERT * PER_ROW);
  private pendingRows = 0;
  private readonly shared: Shared;

  /** `unitMicro` null: the price is unknown (no catalogue yet); batch costs are then written as 0. */
  constructor(
    private readonly s: FreezeStatements,
    private readonly campaignId: string,
    private readonly unitMicro: number | null,
  ) {
    this.shared = { campaign: campaignId, batch: 0, first: 0 };
  }

  /** `zone`: the contact's own (null: its DDD's); `schedule`: the instant decided (null: when its batch leaves). */
  add(
    phone: string,
    message: string,
    segments: number,
    contactId: string,
    zone: string | null,
    schedule: number | null,
  ): void {
    if (this.position === BATCH_SIZE) {
      this.close();
      this.s.openBatch.run(this.campaignId, this.batches);
      this.batches++;
      this.position = 0;
      this.batchSegments = 0;
      this.firstAt = Infinity;
      this.lastAt = null;
    }
    if (schedule === null) this.firstAt = null;
    else {
      if (this.firstAt !== null && schedule < this.firstAt) this.firstAt = schedule;
      if (this.lastAt === null || schedule > this.lastAt) this.lastAt = schedule;
    }
    const at = this.pendingRows * PER_ROW;
    const p = this.pending;
    p[at] = phone;
    p[at + 1] = message;
    p[at + 2] = segments;
    p[at + 3] = contactId;
    p[at + 4] = zone;
    p[at + 5] = schedule;
    this.position++;
    this.batchSegments += segments;
    if (++this.pendingRows === ROWS_PER_INSERT) {
      this.s.many.run(this.sharedOfPending(), p);
      this.pendingRows = 0;
    }
  }

  /** Writes what is pending and the last batch's totals. */
  finish(): void {
    this.close();
  }

  /** The batch and first position of the pending rows (all in the current batch, consecutive). */
  private sharedOfPending(): Shared {
    this.shared.batch = this.batches - 1;
    this.shared.first = this.position - this.pendingRows;
    return this.shared;
  }

  private close(): void {
    const shared = this.sharedOfPending();
    for (let k = 0; k < this.pendingRows; k++) {
      this.s.one.run(shared, this.pending.slice(k * PER_ROW, (k + 1) * PER_ROW));
      shared.first++;
    }
    this.pendingRows = 0;
    if (this.batches === 0) return;
    const cost = this.unitMicro === null ? 0 : costReais(this.batchSegments, this.unitMicro);
    const notBefore = this.firstAt === Infinity ? null : this.firstAt;
    this.s.closeBatch.run(
      this.position,
      this.batchSegments,
      cost,
      notBefore,
      this.lastAt,
      this.campaignId,
      this.batches - 1,
    );
  }
}
