/**
 * What became of a handed-over occurrence in the outbox, for the automation
 * that handed it: its campaign's progress (accepted, held, delivered...),
 * and the contacts whose messages will never go (their batch was cancelled
 * when the day ended, or refused by the service).
 */
import type { Database } from '../../db/open-database';
import type { ProgressReader } from '../outbox/progress-read';
import type { HandOverSummary } from './campaign-hand-over';

export function createHandOverOutcomes(db: Database, progress: ProgressReader) {
  const notSent = db
    .prepare<[string], string>(
      `SELECT m.contact_id FROM campaign_messages m
         JOIN campaign_batches b ON b.campaign_id = m.campaign_id AND b.batch = m.batch
        WHERE m.campaign_id = ? AND b.state IN ('cancelled', 'failed') AND m.contact_id IS NOT NULL`,
    )
    .pluck();
  const totals = db.prepare<[string], { segments: number | null; cost: number | null }>(
    'SELECT segments, cost FROM campaigns WHERE id = ?',
  );
  return {
    summary(campaignId: string): HandOverSummary | null {
      const view = progress(campaignId);
      const row = totals.get(campaignId);
      return view && row ? { progress: view, segments: row.segments ?? 0, cost: row.cost } : null;
    },
    notSent: (campaignId: string): string[] => notSent.all(campaignId),
  };
}
