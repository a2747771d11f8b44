import type { Database } from '../db/open-database';

/**
 * The outbox's batches by state. Read defensively: after a failed update the
 * data may be from before the outbox existed, and diagnostics must still work.
 */
export function outboxCounts(db: Database): Record<string, { batches: number; messages: number }> {
  const exists = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'campaign_batches'")
    .get();
  if (!exists) return {};
  const rows = db
    .prepare<[], { state: string; batches: number; messages: number }>(
      'SELECT state, count(*) AS batches, coalesce(sum(messages), 0) AS messages FROM campaign_batches GROUP BY state ORDER BY state',
    )
    .all();
  return Object.fromEntries(rows.map((r) => [r.state, { batches: r.batches, messages: r.messages }]));
}
