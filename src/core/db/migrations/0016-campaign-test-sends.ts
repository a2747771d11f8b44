import type { Migration } from './types';

/**
 * The test messages sent from the composer (`campaigns:testSend`), so the
 * history lists each as the test of its campaign rather than as a send from
 * nowhere, and reads its result like a campaign's batches. The campaign's
 * name is kept with it: a campaign deleted later still names its tests
 * (`campaign_id` then becomes null).
 */
export const campaignTestSends: Migration = {
  version: 16,
  name: 'campaign-test-sends',
  up(db) {
    db.exec(`
      CREATE TABLE campaign_test_sends (
        profile       TEXT NOT NULL,
        send_id       TEXT NOT NULL,
        campaign_id   TEXT REFERENCES campaigns (id) ON DELETE SET NULL,
        campaign_name TEXT NOT NULL,
        phone         TEXT NOT NULL,
        sent_at       TEXT NOT NULL,
        PRIMARY KEY (profile, send_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX campaign_test_sends_campaign ON campaign_test_sends (campaign_id);
    `);
  },
};
