import { randomUUID } from 'node:crypto';
import type { PurchaseState } from '../../../shared/dto';
import type { PurchaseRequest } from '../../api/wire-schemas';
import type { Database } from '../../db/open-database';

/** States in which a charge may be under way: no new purchase may start. */
export const IN_FLIGHT_STATES: readonly PurchaseState[] = ['sending', 'checking'];

export interface AttemptErrorDetails {
  status?: number;
  fields?: { field: string; message: string }[];
  retryAfterSeconds?: number;
  /** The service's own words for a refusal (its `message`), one line, secrets masked. */
  serviceMessage?: string;
}

export interface Expectation {
  quantity: number | null;
  totalCents: number | null;
  /** true: the package's own price; false: an estimate (see expected-charge.ts). */
  exact: boolean;
}

export interface AttemptRow {
  id: string;
  profile: string;
  state: PurchaseState;
  /** The wire body as sent: no secrets in it. */
  request: PurchaseRequest;
  expectation: Expectation;
  invoiceUuid: string | null;
  totalCents: number | null;
  quantity: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  errorDetails: AttemptErrorDetails | null;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
}

export interface AttemptPatch {
  state?: PurchaseState;
  invoiceUuid?: string | null;
  totalCents?: number | null;
  quantity?: number | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  errorDetails?: AttemptErrorDetails | null;
  settledAt?: string | null;
}

/** Another attempt holds the profile's one in-flight slot (the partial unique index said so). */
export class AttemptInFlightError extends Error {
  constructor() {
    super('Another purchase is in flight for this account.');
    this.name = 'AttemptInFlightError';
  }
}

interface Row {
  id: string;
  profile: string;
  state: PurchaseState;
  request: string;
  expected_quantity: number | null;
  expected_total_cents: number | null;
  expected_total_exact: number;
  invoice_uuid: string | null;
  total_cents: number | null;
  quantity: number | null;
  error_code: string | null;
  error_message: string | null;
  error_details: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

const fromRow = (r: Row): AttemptRow => ({
  id: r.id,
  profile: r.profile,
  state: r.state,
  request: JSON.parse(r.request) as PurchaseRequest,
  expectation: {
    quantity: r.expected_quantity,
    totalCents: r.expected_total_cents,
    exact: r.expected_total_exact === 1,
  },
  invoiceUuid: r.invoice_uuid,
  totalCents: r.total_cents,
  quantity: r.quantity,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  errorDetails: r.error_details === null ? null : (JSON.parse(r.error_details) as AttemptErrorDetails),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  settledAt: r.settled_at,
});

// Patch keys to columns: a fixed map, so no caller text ever reaches the SQL.
const COLUMNS: Record<keyof AttemptPatch, string> = {
  state: 'state',
  invoiceUuid: 'invoice_uuid',
  totalCents: 'total_cents',
  quantity: 'quantity',
  errorCode: 'error_code',
  errorMessage: 'error_message',
  errorDetails: 'error_details',
  settledAt: 'settled_at',
};

const IN_FLIGHT_SQL = `('sending', 'checking')`;

export type AttemptRepo = ReturnType<typeof createAttemptRepo>;

/** The purchase_attempts table (migration 0003): one row per purchase, written before it is sent. */
export function createAttemptRepo(db: Database, now: () => Date) {
  const byId = db.prepare<[string], Row>('SELECT * FROM purchase_attempts WHERE id = ?');
  const latest = db.prepare<[string], Row>(
    'SELECT * FROM purchase_attempts WHERE profile = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  const inFlight = db.prepare<[string], Row>(
    `SELECT * FROM purchase_attempts WHERE profile = ? AND state IN ${IN_FLIGHT_SQL} ORDER BY created_at`,
  );
  const processing = db.prepare<[string], Row>(
    `SELECT * FROM purchase_attempts WHERE profile = ? AND state = 'processing' AND settled_at IS NULL`,
  );
  const linked = db.prepare<[string, string], string>(
    'SELECT invoice_uuid FROM purchase_attempts WHERE profile = ? AND id <> ? AND invoice_uuid IS NOT NULL',
  );
  const insert = db.prepare(
    `INSERT INTO purchase_attempts
       (id, profile, state, request, expected_quantity, expected_total_cents, expected_total_exact,
        created_at, updated_at)
     VALUES (@id, @profile, 'sending', @request, @quantity, @totalCents, @exact, @at, @at)`,
  );
  const clearFinished = db.prepare<[string]>(
    `DELETE FROM purchase_attempts WHERE profile = ? AND state NOT IN ${IN_FLIGHT_SQL}`,
  );

  return {
    get: (id: string): AttemptRow | undefined => {
      const row = byId.get(id);
      return row && fromRow(row);
    },
    latest: (profile: string): AttemptRow | undefined => {
      const row = latest.get(profile);
      return row && fromRow(row);
    },
    inFlight: (profile: string): AttemptRow[] => inFlight.all(profile).map(fromRow),
    processing: (profile: string): AttemptRow[] => processing.all(profile).map(fromRow),
    /** Invoices already claimed by attempts other than `exceptId`. */
    linkedInvoices: (profile: string, exceptId: string): Set<string> =>
      new Set(linked.pluck().all(profile, exceptId)),

    /**
     * Records a new attempt in `sending`, or throws AttemptInFlightError when
     * the profile already has one in flight (checked by the database itself,
     * so the CLI and the app cannot both start one).
     */
    begin(profile: string, request: PurchaseRequest, expectation: Expectation): AttemptRow {
      const id = randomUUID();
      try {
        insert.run({
          id,
          profile,
          request: JSON.stringify(request),
          quantity: expectation.quantity,
          totalCents: expectation.totalCents,
          exact: expectation.exact ? 1 : 0,
          at: now().toISOString(),
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'SQLITE_CONSTRAINT_UNIQUE') throw new AttemptInFlightError();
        throw error;
      }
      return fromRow(byId.get(id)!);
    },

    /**
     * Applies `patch`; with `onlyFrom`, only while the attempt is still in one
     * of those states (a reconciliation must not overwrite what the service's
     * own answer already settled). Returns the row after, or undefined when
     * nothing was changed.
     */
    update(id: string, patch: AttemptPatch, onlyFrom?: readonly PurchaseState[]): AttemptRow | undefined {
      const sets: string[] = ['updated_at = @updated_at'];
      const params: Record<string, unknown> = { id, updated_at: now().toISOString() };
      for (const [key, column] of Object.entries(COLUMNS) as [keyof AttemptPatch, string][]) {
        if (!(key in patch)) continue;
        const value = patch[key];
        sets.push(`${column} = @${column}`);
        params[column] = key === 'errorDetails' && value != null ? JSON.stringify(value) : (value ?? null);
      }
      let where = 'id = @id';
      if (onlyFrom) {
        where += ` AND state IN (${onlyFrom.map((_, i) => `@from${i}`).join(', ')})`;
        onlyFrom.forEach((state, i) => (params[`from${i}`] = state));
      }
      const changed = db
        .prepare(`UPDATE purchase_attempts SET ${sets.join(', ')} WHERE ${where}`)
        .run(params);
      return changed.changes > 0 ? fromRow(byId.get(id)!) : undefined;
    },

    /** "Delete local data": forgets finished attempts; one still in flight stays until settled. */
    clearProfile: (profile: string): number => clearFinished.run(profile).changes,
  };
}
