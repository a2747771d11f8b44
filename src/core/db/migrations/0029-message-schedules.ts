import type { Migration } from './types';

/**
 * Each frozen message's own time (the recipient's clock decides it, see
 * shared/rules/schedule.ts). The instant itself is `campaign_messages.schedule`
 * (ms since the epoch), added by 0025-outbox-schedules for automations'
 * hand-over and used by the rules with the same meaning; this adds what the
 * rules need beside it:
 *
 * - `campaign_messages.zone`: the contact's own time zone when it named one
 *   (81 and 97 cover two clocks); NULL: the number's DDD decides.
 * - `campaigns.rule_counts`: what the rules did at freeze, as JSON
 *   `{excluded: {blocked, cap}, moved: {window, holiday, sunday}}`.
 *
 * Campaigns frozen before this keep NULL in both: their messages are
 * timed by the rules when their batches leave.
 */
export const messageSchedules: Migration = {
  version: 29,
  name: 'message-schedules',
  up(db) {
    db.exec(`
      ALTER TABLE campaign_messages ADD COLUMN zone TEXT;
      ALTER TABLE campaigns ADD COLUMN rule_counts TEXT CHECK (rule_counts IS NULL OR json_type(rule_counts) = 'object');
    `);
  },
};
