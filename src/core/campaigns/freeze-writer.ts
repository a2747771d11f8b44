/**
 * Writes a campaign's outbox (migration 0012) message by message, as the
 * freeze renders them: batches of at most 5000 (one bulk request each),
 * each message at its (batch, position), which is what its reference
 * `<ref>-<batch>-<position>` is made of.
 *
 * Speed matters (100,000 messages in about a second): statements are
 * prepared once, messages go in 50 per INSERT (a statement run costs more
 * than a row), and a batch's totals are written once when it is full.
 * The caller holds the transaction.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { LIMITS } from '../api/wire';
import type { Database } from '../db/open-database';
import { costReais } from './campaign-money';

/** Messages per batch: the most one bulk request takes. */
export const BATCH_SIZE = LIMITS.bulkMessagesMax;

/** Rows per multi-row INSERT; 7 columns each, well under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 50;
const COLUMNS = '(campaign_id, batch, position, phone, message, segments, contact_id)';
const ROW = '(?, ?, ?, ?, ?, ?, ?)';

export interface FreezeStatements {
  many: BetterSqlite3.Statement<unknown[]>;
  one: BetterSqlite3.Statement<unknown[]>;
  openBatch: BetterSqlite3.Statement<[string, number]>;
  closeBatch: BetterSqlite3.Statement<[number, number, number, string, number]>;
}

export function prepareFreezeStatements(db: Database): FreezeStatements {
  return {
    many: db.prepare<unknown[]>(
      `INSERT INTO campaign_messages ${COLUMNS} VALUES ${Array<string>(ROWS_PER_INSERT).fill(ROW).join(', ')}`,
    ),
    one: db.prepare<unknown[]>(`INSERT INTO campaign_messages ${COLUMNS} VALUES ${ROW}`),
    // The batch row comes first (its messages point at it); its totals are known once it is full.
    openBatch: db.prepare<[string, number]>(
      'INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES (?, ?, 1, 0, 0)',
    ),
    closeBatch: db.prepare<[number, number, number, string, number]>(
      'UPDATE campaign_batches SET messages = ?, segments = ?, cost = ? WHERE campaign_id = ? AND batch = ?',
    ),
  };
}

export class FreezeWriter {
  /** Batches written so far. */
  batches = 0;
  private position: number = BATCH_SIZE;
  private batchSegments = 0;
  private readonly pending: unknown[] = new Array<unknown>(ROWS_PER_INSERT * 7);
  private pendingRows = 0;

  /** `unitMicro` null: the price is unknown (no catalogue yet); batch costs are then written as 0. */
  constructor(
    private readonly s: FreezeStatements,
    private readonly campaignId: string,
    private readonly unitMicro: number | null,
  ) {}

  add(phone: string, message: string, segments: number, contactId: string): void {
    if (this.position === BATCH_SIZE) {
      this.close();
      this.s.openBatch.run(this.campaignId, this.batches);
      this.batches++;
      this.position = 0;
      this.batchSegments = 0;
    }
    const at = this.pendingRows * 7;
    const p = this.pending;
    p[at] = this.campaignId;
    p[at + 1] = this.batches - 1;
    p[at + 2] = this.position++;
    p[at + 3] = phone;
    p[at + 4] = message;
    p[at + 5] = segments;
    p[at + 6] = contactId;
    this.batchSegments += segments;
    if (++this.pendingRows === ROWS_PER_INSERT) {
      this.s.many.run(p);
      this.pendingRows = 0;
    }
  }

  /** Writes what is pending and the last batch's totals. */
  finish(): void {
    this.close();
  }

  private close(): void {
    for (let row = 0; row < this.pendingRows; row++) this.s.one.run(this.pending.slice(row * 7, row * 7 + 7));
    this.pendingRows = 0;
    if (this.batches === 0) return;
    const cost = this.unitMicro === null ? 0 : costReais(this.batchSegments, this.unitMicro);
    this.s.closeBatch.run(this.position, this.batchSegments, cost, this.campaignId, this.batches - 1);
  }
}
