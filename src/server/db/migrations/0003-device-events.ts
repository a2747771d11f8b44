import type { Migration } from './migration';

/**
 * Each device's queue: one row per event not yet acknowledged by that
 * device, written in the event's own transaction. A page of the feed claims
 * its rows (`claim`, `claimed_until`: FOR UPDATE SKIP LOCKED, so server
 * processes never hand the same rows out together); an ack deletes them.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'device-events',
  sql: `
    CREATE TABLE device_events (
      device_id text NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      seq bigint NOT NULL REFERENCES events (seq),
      claim text,
      claimed_until timestamptz,
      PRIMARY KEY (device_id, seq)
    );
    CREATE INDEX device_events_claim ON device_events (device_id, claim);
  `,
};
