import type { Migration } from './types';

/**
 * What the law asks a business to be able to show about each contact, and
 * the contact's own clock:
 *
 * - `consent_basis`: the LGPD legal basis for messaging them (art. 7:
 *   `consent`, I; `legitimate_interest`, IX); NULL: not recorded.
 * - `consent_source`: where it came from, in the owner's words ("ficha da
 *   loja", "site", "importação de 05/12/2026").
 * - `consent_at`: when (`YYYY-MM-DD`).
 * - `time_zone`: the contact's own IANA zone where its DDD covers two
 *   clocks (81: Recife or Fernando de Noronha; 97: Manaus or Acre time) or it
 *   lives elsewhere; NULL: the DDD decides.
 *
 * An opt-out already records when and how (`opt_outs.created_at`, `source`).
 */
export const contactConsent: Migration = {
  version: 30,
  name: 'contact-consent',
  up(db) {
    db.exec(`
      ALTER TABLE contacts ADD COLUMN consent_basis TEXT
        CHECK (consent_basis IS NULL OR consent_basis IN ('consent', 'legitimate_interest'));
      ALTER TABLE contacts ADD COLUMN consent_source TEXT CHECK (consent_source IS NULL OR length(consent_source) <= 200);
      ALTER TABLE contacts ADD COLUMN consent_at TEXT
        CHECK (consent_at IS NULL OR consent_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
      ALTER TABLE contacts ADD COLUMN time_zone TEXT CHECK (time_zone IS NULL OR length(time_zone) <= 64);
    `);
  },
};
