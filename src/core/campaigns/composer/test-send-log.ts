import type { Database } from '../../db/open-database';

/**
 * The composer's test messages, per profile (migrations 0016, 0020): the history
 * joins them to the service's sends to call each one the test of its
 * campaign, and reads their result as it reads a campaign's batches.
 */
export function createTestSendLog(db: Database) {
  const insert = db.prepare<[string, string, string | null, string, string, string, number | null]>(
    `INSERT OR REPLACE INTO campaign_test_sends
       (profile, send_id, campaign_id, campaign_name, phone, sent_at, cost)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
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
      /** R$ it took from the balance (migration 0020); null when the price was not known. */
      cost: number | null;
    }): void {
      insert.run(
        entry.profile,
        entry.sendId,
        entry.campaignId,
        entry.campaignName,
        entry.phone,
        entry.at,
        entry.cost,
      );
    },
    clearProfile: (profile: string): void => void clear.run(profile),
  };
}

export type TestSendLog = ReturnType<typeof createTestSendLog>;
