import type { Migration } from './types';

/**
 * Two of a customer's rights under the LGPD (issue 35, items 3 and 4).
 *
 * `consent_records`: the evidence behind a contact's consent label
 * (migration 0030's `consent_basis`, kept as the label). The burden of
 * proving consent is the business's (art. 8 §2), so each record keeps the
 * words the customer agreed to, the channel, who collected it and when; a
 * withdrawal (an opt-out) adds its time and source and keeps the record.
 * Kept by number, like the opt-out list: the evidence outlives the contact
 * and stays with the number through a re-import. A history: a new consent
 * is a new row. Every contact's consent on record today becomes its first
 * record (withdrawn already when its number opted out), so nothing the
 * owner recorded is lost.
 *
 * `privacy_requests`: the register of requests a customer made (art. 18:
 * access, copy, correction, deletion, consent withdrawn), with the due date
 * the law gives a full answer (art. 19 II: 15 days from the request). The
 * number is NULL once the person was erased: the register keeps that a
 * deletion was asked and answered, without who asked.
 */
export const privacyRights: Migration = {
  version: 36,
  name: 'privacy-rights',
  up(db) {
    db.exec(`
      CREATE TABLE consent_records (
        id               INTEGER PRIMARY KEY,
        profile          TEXT NOT NULL,
        phone            TEXT NOT NULL,
        basis            TEXT NOT NULL CHECK (basis IN ('consent', 'legitimate_interest')),
        words            TEXT CHECK (words IS NULL OR length(words) <= 2000),
        channel          TEXT CHECK (channel IS NULL OR channel IN ('balcao', 'formulario', 'site', 'planilha', 'outro')),
        collected_by     TEXT CHECK (collected_by IS NULL OR length(collected_by) <= 200),
        source           TEXT CHECK (source IS NULL OR length(source) <= 200),
        given_at         TEXT CHECK (given_at IS NULL OR length(given_at) <= 40),
        recorded_at      TEXT NOT NULL,
        withdrawn_at     TEXT,
        withdrawn_source TEXT CHECK (withdrawn_source IS NULL OR withdrawn_source IN ('contact', 'import', 'manual', 'reply')),
        CHECK ((withdrawn_at IS NULL) = (withdrawn_source IS NULL))
      ) STRICT;
      CREATE INDEX consent_records_by_phone ON consent_records (profile, phone);

      INSERT INTO consent_records (profile, phone, basis, source, given_at, recorded_at, withdrawn_at, withdrawn_source)
      SELECT c.profile, c.phone, c.consent_basis, c.consent_source, c.consent_at, c.updated_at, o.created_at, o.source
        FROM contacts c LEFT JOIN opt_outs o ON o.profile = c.profile AND o.phone = c.phone
       WHERE c.consent_basis IS NOT NULL AND c.deleted_at IS NULL
       ORDER BY c.seq;

      CREATE TABLE privacy_requests (
        id          INTEGER PRIMARY KEY,
        profile     TEXT NOT NULL,
        phone       TEXT,
        kind        TEXT NOT NULL CHECK (kind IN ('access', 'copy', 'correction', 'deletion', 'consent_withdrawn')),
        channel     TEXT NOT NULL CHECK (channel IN ('balcao', 'whatsapp', 'telefone', 'email', 'sms', 'outro')),
        note        TEXT CHECK (note IS NULL OR length(note) <= 1000),
        received_on TEXT NOT NULL CHECK (received_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        due_on      TEXT NOT NULL CHECK (due_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        created_at  TEXT NOT NULL,
        answered_at TEXT,
        answer_note TEXT CHECK (answer_note IS NULL OR length(answer_note) <= 1000),
        CHECK (answered_at IS NOT NULL OR answer_note IS NULL)
      ) STRICT;
      CREATE INDEX privacy_requests_open ON privacy_requests (profile, answered_at, due_on);
      CREATE INDEX privacy_requests_by_phone ON privacy_requests (profile, phone) WHERE phone IS NOT NULL;
    `);
  },
};
