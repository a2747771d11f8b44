import type { Migration } from './types';

/**
 * Each frozen message's own time (the recipient's clock decides it, see
 * shared/rules/schedule.ts):
 *
 * - `campaign_messages.schedule`: the instant it goes out (ms since the
 *   epoch), as decided at freeze; NULL: as soon as the sending rules allow
 *   when its batch leaves (a campaign sent "now" inside the window). A
 *   schedule that has passed by the time its batch leaves is decided again.
 * - `campaign_messages.zone`: the contact's own time zone when it named one
 *   (81 and 97 cover two clocks); NULL: the number's DDD decides.
 * - `campaigns.rule_counts`: what the rules did at freeze, as JSON
 *   `{excluded: {blocked, cap}, moved: {window, holiday, sunday}}`.
 *
 * Campaigns frozen before this keep NULL in all three: their messages are
 * timed by the rules when their batches leave.
 */
export const messageSchedules: Migration = {
  version: 21,
  name: 'message-schedules',
  up(db) {
    db.exec(`
      ALTER TABLE campaign_messages ADD COLUMN schedule INTEGER;
      ALTER TABLE campaign_messages ADD COLUMN zone TEXT;
      ALTER TABLE campaigns ADD COLUMN rule_counts TEXT CHECK (rule_counts IS NULL OR json_type(rule_counts) = 'object');
    `);
  },
};
