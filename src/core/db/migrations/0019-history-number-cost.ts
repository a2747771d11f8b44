import type { Migration } from './types';

/**
 * What the service charged for each message of a send (`cost` of a phone in
 * GET /v1/sms/{id}/show), so a report can say whether the messages that
 * failed were charged: above zero charged, zero not, null when the service
 * did not say (numbers read through `/numbers`, which carries no cost).
 */
export const historyNumberCost: Migration = {
  version: 19,
  name: 'history-number-cost',
  up(db) {
    db.exec(`ALTER TABLE history_numbers ADD COLUMN cost REAL CHECK (cost IS NULL OR cost >= 0);`);
  },
};
