import type { UpsertRow } from '../../contacts/contacts-module';

/**
 * A valid row of the plan: the contact it makes, from which line of the
 * file, and `id`, where its store keeps it (for marking it; given once sealed).
 */
export type StoredContact = UpsertRow & { line: number; id: number };

/**
 * Where a plan's valid rows are kept between the plan and the commit: in
 * memory (memory-rows.ts) or, for a file too large for that, in SQLite
 * (sqlite-rows.ts). Rows are added in the file's order, each phone once;
 * `seal` then puts them in phone order (the order the commit saves in) and
 * finds which are contacts already.
 */
export interface PlannedRows {
  add(row: StoredContact): void;
  seal(profile: string): void;
  readonly count: number;
  /** Rows whose phone is a contact of the profile already (known once sealed). */
  readonly existing: number;
  /** Rows marked as changes (markChanges). */
  readonly changes: number;
  /** Rows whose number is on the profile's opt-out list. */
  optedOut(profile: string): number;
  /** Every row (or the existing contacts' only), in phone order, `size` at a time. */
  chunks(size: number, onlyExisting?: boolean): Iterable<StoredContact[]>;
  /** Marks rows (by StoredContact.id) an update would change: the review's list. */
  markChanges(ids: readonly number[]): void;
  /** A page of the marked rows, in the file's order. */
  changesPage(offset: number, limit: number): StoredContact[];
  phones(): string[];
  /** Saved: the rows are no longer needed. */
  clear(): void;
}
