import type { Database } from '../../db/open-database';

/**
 * The composer's test messages, per profile (migration 0016): the history
 * joins them to the service's sends to call each one the test of its
 * campaign, and reads their result as it reads a campaign's batches.
 */
export function createTestSendLog(db: Database) {
  const insert = db.prepare<[string, string, string | null, string, string, string]>(
    `INSERT OR REPLACE INTO campaign_test_sends (profile, send_id, campaign_id, campaign_name, phone, sent_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const clear = db.prepare<[string]>('DELETE FROM campaign_test_sends WHERE profile = ?');
  return {
    record(entry: {
      profile: string;
      sendId: string;
      /** Null: the test of an automation, named by `campaignName`. */
      campaignId: string | null;
      campaignName: string;
      phone: string;
      at: string;
    }): void {
      insert.run(entry.profile, entry.sendId, entry.campaignId, entry.campaignName, entry.phone, entry.at);
    },
    clearProfile: (profile: string): void => void clear.run(profile),
  };
}

export type TestSendLog = ReturnType<typeof createTestSendLog>;
