/**
 * The outbox of one profile at a glance (`campaigns:outbox`, which `torpedo
 * worker` follows): is there anything left that the worker can send without
 * the user (idle or not), and where each campaign stands. Read straight from
 * the database, so it is right whichever process is delivering.
 */
import type { BatchState, CampaignStatus, OutboxView } from '../../../shared/dto/campaigns';
import type { Database } from '../../db/open-database';
import { parseHold } from './progress-read';

const STATES: readonly BatchState[] = ['queued', 'sending', 'accepted', 'held', 'failed', 'cancelled'];

export function createOutboxStatusReader(db: Database) {
  // A hold for the sending hours that are already open counts as work: the worker lifts it on its next turn.
  // A batch waiting for its own time (not_before ahead) does not: nothing can be done for it until then.
  const busy = db
    .prepare<{ profile: string; now: string; nowMs: number }, number>(
      `SELECT count(*) FROM campaign_batches b JOIN campaigns c ON c.id = b.campaign_id
        WHERE c.profile = @profile
          AND (b.state = 'sending'
               OR (b.state = 'queued' AND c.status IN ('queued', 'sending')
                   AND (b.not_before IS NULL OR b.not_before <= @nowMs))
               OR (c.status = 'held' AND json_extract(c.hold, '$.code') = 'outside_send_window'
                   AND json_extract(c.hold, '$.until') <= @now))`,
    )
    .pluck();
  const campaigns = db.prepare<
    [string, string],
    { id: string; name: string; status: CampaignStatus; hold: string | null }
  >(
    `SELECT id, name, status, hold FROM campaigns
      WHERE profile = ? AND status <> 'draft'
        AND (status IN ('queued', 'sending', 'paused', 'held') OR finished_at >= ?)
      ORDER BY queued_at, id`,
  );
  const counts = db.prepare<[string], { state: BatchState; batches: number; messages: number }>(
    `SELECT state, count(*) AS batches, sum(messages) AS messages
       FROM campaign_batches WHERE campaign_id = ? GROUP BY state`,
  );

  return (profile: string, since: string, now: Date): Omit<OutboxView, 'worker' | 'stalled'> => {
    // One read transaction: the idle flag and the figures describe the same moment.
    return db.transaction(() => ({
      idle: busy.get({ profile, now: now.toISOString(), nowMs: now.getTime() }) === 0,
      campaigns: campaigns.all(profile, since).map((c) => {
        const batches = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<BatchState, number>;
        let total = 0;
        let accepted = 0;
        let messages = 0;
        for (const row of counts.all(c.id)) {
          batches[row.state] = row.batches;
          total += row.batches;
          if (row.state !== 'cancelled') messages += row.messages;
          if (row.state === 'accepted') accepted = row.messages;
        }
        return {
          id: c.id,
          name: c.name,
          status: c.status,
          hold: parseHold(c.hold),
          batches: { ...batches, total },
          messages: { accepted, total: messages },
        };
      }),
    }))();
  };
}
