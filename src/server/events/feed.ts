/**
 * The events feed: a device's queue (device_events) handed out a page at a
 * time. A page's rows are claimed in the database (FOR UPDATE SKIP LOCKED,
 * then marked with the page's cursor and a hold time), so any number of
 * server processes hand out disjoint pages; nothing is kept in memory. An
 * acknowledged page is deleted from the queue: never handed out again. A page
 * not acknowledged within the hold comes back in a later one.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { EventsOutput, FeedEvent } from '../../shared/server-contract/v1';

export const newCursor = (): string => 'c' + randomBytes(16).toString('hex');

/** Acknowledges the page `cursor` names: its events leave the device's queue. */
export async function acknowledge(pool: Pool, deviceId: string, cursor: string): Promise<number> {
  const done = await pool.query('DELETE FROM device_events WHERE device_id = $1 AND claim = $2', [
    deviceId,
    cursor,
  ]);
  return done.rowCount ?? 0;
}

interface Row {
  seq: string;
  event_id: string;
  event: string;
  sent_at: Date;
  received_at: Date;
  raw: string;
}

export async function nextPage(
  pool: Pool,
  deviceId: string,
  options: { limit: number; now: number; holdMs: number },
): Promise<EventsOutput> {
  const cursor = newCursor();
  const { rows } = await pool.query<Row>(
    `WITH page AS (
       SELECT seq FROM device_events
       WHERE device_id = $1 AND (claimed_until IS NULL OR claimed_until < $2)
       ORDER BY seq
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE device_events d SET claim = $4, claimed_until = $5
       FROM page WHERE d.device_id = $1 AND d.seq = page.seq
       RETURNING d.seq
     )
     SELECT e.seq, e.event_id, e.event, e.sent_at, e.received_at, e.raw
     FROM claimed JOIN events e ON e.seq = claimed.seq
     ORDER BY e.seq`,
    [deviceId, new Date(options.now), options.limit, cursor, new Date(options.now + options.holdMs)],
  );
  const events: FeedEvent[] = rows.map((r) => ({
    seq: r.seq,
    id: r.event_id,
    event: r.event,
    sentAt: r.sent_at.toISOString(),
    receivedAt: r.received_at.toISOString(),
    body: JSON.parse(r.raw) as unknown,
  }));
  return { events, cursor: events.length > 0 ? cursor : null };
}
