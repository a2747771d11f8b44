import type { Migration } from './types';

/**
 * What a test message took from the balance (`campaign_test_sends.cost`, R$):
 * its parts × the SMS type's price, as the service debits a send when it
 * accepts it, written when it is sent. The overview's spend counts it (spend
 * is everything debited, test messages too); once the history has read the
 * send, the service's own figure is used instead. Null for tests sent before
 * this version, and when the price was not known: they count once read.
 */
export const testSendCost: Migration = {
  version: 20,
  name: 'test-send-cost',
  up(db) {
    db.exec(`ALTER TABLE campaign_test_sends ADD COLUMN cost REAL CHECK (cost >= 0)`);
  },
};
