import type { Database } from '../../db/open-database';
import type { ReasonCode, ReasonParams, RejectedRow } from '../file';
import { MemoryRows } from './memory-rows';
import type { PlannedRows, StoredContact } from './planned-rows';
import { SqliteRows } from './sqlite-rows';

/**
 * A file of up to this many rows keeps its plan's valid rows in memory
 * (some 200 bytes each), as fast as before; a larger one keeps them in
 * SQLite (sqlite-rows.ts), which costs about a second per 250,000 rows but
 * no memory. The 100,000-row benchmark stays in memory.
 */
export const SPILL_ROWS = 120_000;

/**
 * What a plan keeps for its commit and its error file, on the import's own
 * connection: the valid rows (in memory, or in SQLite once they are many),
 * and the refused ones, always in a temporary table, in the file's order.
 */
export class ImportStaging {
  private store: MemoryRows | SqliteRows;
  private readonly s;

  /** `rows`: how many data rows the file has (the preview counted them), to choose where they go. */
  constructor(
    private readonly db: Database,
    rows: number,
  ) {
    db.exec(`
      DROP TABLE IF EXISTS temp.import_rejected;
      CREATE TEMP TABLE import_rejected (
        line   INTEGER NOT NULL,
        cells  TEXT NOT NULL,
        reason TEXT NOT NULL,
        params TEXT NOT NULL
      );
    `);
    this.store = rows > SPILL_ROWS ? new SqliteRows(db) : new MemoryRows(db);
    this.s = {
      reject: db.prepare<[string]>(
        `INSERT INTO temp.import_rejected (line, cells, reason, params)
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?) ORDER BY key`,
      ),
      rejected: db.prepare<[number, number], { line: number; cells: string; reason: string; params: string }>(
        'SELECT line, cells, reason, params FROM temp.import_rejected ORDER BY rowid LIMIT ? OFFSET ?',
      ),
    };
  }

  /** The valid rows, once sealed. */
  get rows(): PlannedRows {
    return this.store;
  }

  /** A valid row (each phone once: the caller finds the file's duplicates). */
  add(row: StoredContact): void {
    this.store.add(row);
  }

  seal(profile: string): void {
    this.store.seal(profile);
  }

  reject(rows: readonly RejectedRow[]): void {
    if (rows.length === 0) return;
    this.s.reject.run(
      JSON.stringify(rows.map((r) => [r.line, JSON.stringify(r.cells), r.reason, JSON.stringify(r.params)])),
    );
  }

  /** The refused rows in the file's order, `size` at a time. */
  *rejected(size: number): Generator<RejectedRow[]> {
    for (let offset = 0; ; offset += size) {
      const rows = this.s.rejected.all(size, offset);
      if (rows.length === 0) return;
      yield rows.map((r) => ({
        line: r.line,
        cells: JSON.parse(r.cells) as string[],
        reason: r.reason as ReasonCode,
        params: JSON.parse(r.params) as ReasonParams,
      }));
    }
  }
}
