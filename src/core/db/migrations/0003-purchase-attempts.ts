import type { Migration } from './types';

/**
 * Every purchase of credits, recorded BEFORE its request leaves, because the
 * service's purchase is not idempotent: after a crash or a time-out this row
 * is the only proof that a charge may exist, and what reconciliation reads.
 *
 * - `request` is the JSON of what was asked (quantity / plan_id / card_id /
 *   coupon): no key, no token, no card number (a card id is an opaque id).
 * - Money is integer centavos, so a total read back from the service compares
 *   exactly with the one expected.
 * - At most one attempt per profile may be `sending` or `checking`: the partial
 *   unique index enforces "one purchase in flight" even across processes (the
 *   app and the CLI share this file).
 * - An invoice proves at most one attempt: the second partial unique index
 *   stops reconciliation from claiming an invoice twice.
 */
export const purchaseAttempts: Migration = {
  version: 3,
  name: 'purchase-attempts',
  up(db) {
    db.exec(`
      CREATE TABLE purchase_attempts (
        id                   TEXT PRIMARY KEY,
        profile              TEXT NOT NULL,
        state                TEXT NOT NULL CHECK (state IN (
                               'sending', 'checking', 'succeeded', 'processing',
                               'charged-after-timeout', 'not-charged', 'failed')),
        request              TEXT NOT NULL,
        expected_quantity    INTEGER,
        expected_total_cents INTEGER,
        -- 1: the total is the package's own price; 0: an estimate from the price table.
        expected_total_exact INTEGER NOT NULL DEFAULT 0 CHECK (expected_total_exact IN (0, 1)),
        invoice_uuid         TEXT,
        total_cents          INTEGER,
        quantity             INTEGER,
        error_code           TEXT,
        error_message        TEXT,
        -- JSON {status?, fields?, retryAfterSeconds?}: never a secret.
        error_details        TEXT,
        created_at           TEXT NOT NULL,
        updated_at           TEXT NOT NULL,
        settled_at           TEXT
      ) STRICT;
      CREATE INDEX purchase_attempts_by_profile ON purchase_attempts (profile, created_at);
      CREATE UNIQUE INDEX purchase_attempts_one_in_flight ON purchase_attempts (profile)
        WHERE state IN ('sending', 'checking');
      CREATE UNIQUE INDEX purchase_attempts_one_per_invoice ON purchase_attempts (profile, invoice_uuid)
        WHERE invoice_uuid IS NOT NULL;
    `);
  },
};
