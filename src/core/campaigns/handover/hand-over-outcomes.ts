/**
 * What became of a handed-over occurrence in the outbox, for the automation
 * that handed it: its campaign's progress (accepted, held, delivered...),
 * and the contacts whose messages will never go (their batch was cancelled
 * when the day ended, or refused by the service).
 */
import type { Database } from '../../db/open-database';
import type { ProgressReader } from '../outbox/progress-read';
import { costReais, toMicro } from '../campaign-money';
import type { HandOverSummary } from './campaign-hand-over';

export function createHandOverOutcomes(db: Database, progress: ProgressReader) {
  const notSent = db
    .prepare<[string], string>(
      `SELECT m.contact_id FROM campaign_messages m
         JOIN campaign_batches b ON b.campaign_id = m.campaign_id AND b.batch = m.batch
        WHERE m.campaign_id = ? AND b.state IN ('cancelled', 'failed') AND m.contact_id IS NOT NULL`,
    )
    .pluck();
  const totals = db.prepare<
    [string],
    {
      segments: number | null;
      cost: number | null;
      unit_price: number | null;
      removed: number;
      removed_segments: number;
    }
  >(
    `SELECT c.segments, c.cost, c.unit_price,
            (SELECT count(*) FROM campaign_removals r WHERE r.campaign_id = c.id) AS removed,
            (SELECT coalesce(sum(r.segments), 0) FROM campaign_removals r WHERE r.campaign_id = c.id) AS removed_segments
       FROM campaigns c WHERE c.id = ?`,
  );
  return {
    summary(campaignId: string): HandOverSummary | null {
      const view = progress(campaignId);
      const row = totals.get(campaignId);
      if (!view || !row) return null;
      // Messages taken out as their batch left (opted out, blocked since) are neither sent nor charged.
      const segments = (row.segments ?? 0) - row.removed_segments;
      const cost =
        row.removed === 0 || row.cost === null || row.unit_price === null
          ? row.cost
          : costReais(segments, toMicro(row.unit_price));
      return { progress: view, segments, cost, removed: row.removed };
    },
    notSent: (campaignId: string): string[] => notSent.all(campaignId),
  };
}
