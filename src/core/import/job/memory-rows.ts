import type { Database } from '../../db/open-database';
import type { PlannedRows, StoredContact } from './planned-rows';

/** Phones per lookup of which are contacts (or opt-outs) already. */
const LOOKUP = 1_000;

/** A plan's valid rows in an array: for files of up to SPILL_ROWS rows (staging.ts). */
export class MemoryRows implements PlannedRows {
  private rows: StoredContact[] = [];
  private existingFlags = new Uint8Array(0);
  private marked = new Set<number>();
  private existingCount = 0;
  private readonly s;

  constructor(db: Database) {
    this.s = {
      anyContact: db
        .prepare<[string], number>(
          'SELECT EXISTS (SELECT 1 FROM main.contacts WHERE profile = ? AND deleted_at IS NULL)',
        )
        .pluck(),
      anyOptOut: db
        .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM main.opt_outs WHERE profile = ?)')
        .pluck(),
      contacts: db
        .prepare<[string, string], string>(
          `SELECT phone FROM main.contacts
           WHERE profile = ? AND deleted_at IS NULL AND phone IN (SELECT value FROM json_each(?))`,
        )
        .pluck(),
      optOuts: db
        .prepare<[string, string], number>(
          `SELECT count(*) FROM main.opt_outs WHERE profile = ? AND phone IN (SELECT value FROM json_each(?))`,
        )
        .pluck(),
    };
  }

  add(row: StoredContact): void {
    this.rows.push(row);
  }

  seal(profile: string): void {
    this.rows.sort(byPhone);
    this.rows.forEach((row, id) => (row.id = id));
    this.existingFlags = new Uint8Array(this.rows.length);
    this.existingCount = 0;
    // A first import into an empty book (the usual large one) asks no question per row.
    if (this.s.anyContact.get(profile) !== 1) return;
    for (let start = 0; start < this.rows.length; start += LOOKUP) {
      const batch = this.rows.slice(start, start + LOOKUP);
      const found = new Set(this.s.contacts.all(profile, JSON.stringify(batch.map((r) => r.phone))));
      if (found.size === 0) continue;
      batch.forEach((row, k) => {
        if (!found.has(row.phone)) return;
        this.existingFlags[start + k] = 1;
        this.existingCount++;
      });
    }
  }

  get count(): number {
    return this.rows.length;
  }

  get existing(): number {
    return this.existingCount;
  }

  get changes(): number {
    return this.marked.size;
  }

  optedOut(profile: string): number {
    if (this.s.anyOptOut.get(profile) !== 1) return 0;
    let count = 0;
    for (let start = 0; start < this.rows.length; start += LOOKUP) {
      const phones = this.rows.slice(start, start + LOOKUP).map((r) => r.phone);
      count += this.s.optOuts.get(profile, JSON.stringify(phones))!;
    }
    return count;
  }

  *chunks(size: number, onlyExisting = false): Generator<StoredContact[]> {
    let chunk: StoredContact[] = [];
    for (let id = 0; id < this.rows.length; id++) {
      if (onlyExisting && !this.existingFlags[id]) continue;
      chunk.push(this.rows[id]!);
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  markChanges(ids: readonly number[]): void {
    for (const id of ids) this.marked.add(id);
  }

  changesPage(offset: number, limit: number): StoredContact[] {
    return [...this.marked]
      .map((id) => this.rows[id]!)
      .sort((a, b) => a.line - b.line)
      .slice(offset, offset + limit);
  }

  phones(): string[] {
    return this.rows.map((r) => r.phone);
  }

  clear(): void {
    this.rows = [];
    this.existingFlags = new Uint8Array(0);
    this.marked.clear();
  }
}

const byPhone = (a: StoredContact, b: StoredContact) => (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0);
