import type { Migration } from './types';

/**
 * The outbox carries what an automation hands over:
 *
 * - `campaign_messages.schedule`: the message's own `schedule` (ms since the
 *   epoch), set when each recipient has their own time (a birthday at 09:00
 *   on the recipient's clock); null: the campaign's schedule, or at once.
 *   Sent only while still ahead, like the campaign's. (The same column as
 *   issue 26's message schedules: whichever lands first adds it.)
 * - `campaigns.automation_id`: the automation whose occurrence this is (null
 *   for a campaign the owner composed).
 * - `campaigns.expires_at`: after this instant the batches not sent yet are
 *   cancelled instead of sent (an occurrence past its day is skipped, never
 *   sent late); the hold that kept them is kept, to say why.
 */
export const outboxSchedules: Migration = {
  version: 25,
  name: 'outbox-schedules',
  up(db) {
    db.exec(`
      ALTER TABLE campaign_messages ADD COLUMN schedule INTEGER;
      ALTER TABLE campaigns ADD COLUMN automation_id TEXT;
      ALTER TABLE campaigns ADD COLUMN expires_at TEXT;
      CREATE INDEX campaigns_expiring ON campaigns (expires_at)
        WHERE expires_at IS NOT NULL AND status IN ('queued', 'sending', 'held', 'paused');
    `);
  },
};
