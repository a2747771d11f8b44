/**
 * When each of a campaign's batches may leave: its earliest message's time
 * (`not_before`) and its latest (`last_at`). A batch waits in the outbox
 * until then, not at the service, so that whoever opts out or is blocked
 * in between is taken out as it leaves (last-moment.ts); the service cannot
 * take back a message it accepted.
 *
 * A batch with one message to go at once (no schedule of its own) has no
 * `not_before`: it goes as soon as the worker gets to it, and the messages
 * in it timed later go with their schedule (at most the hours between
 * Brazil's clocks).
 */
import type { Database } from '../../db/open-database';

export function createBatchTimes(db: Database) {
  const time = db.prepare<{ id: string }>(
    `UPDATE campaign_batches AS b
        SET not_before = t.not_before, last_at = t.last_at
       FROM (SELECT m.batch,
                    CASE WHEN count(*) = count(m.schedule) THEN min(m.schedule) END AS not_before,
                    max(m.schedule) AS last_at
               FROM campaign_messages m WHERE m.campaign_id = @id GROUP BY m.batch) AS t
      WHERE b.campaign_id = @id AND b.batch = t.batch`,
  );
  const postpone = db.prepare<[number, number | null, string, number]>(
    `UPDATE campaign_batches SET not_before = ?, last_at = max(coalesce(last_at, 0), coalesce(?, 0))
      WHERE campaign_id = ? AND batch = ? AND state = 'queued'`,
  );
  return {
    /** Sets every batch's times from its messages; inside the writer's own transaction (a freeze, a hand-over). */
    timeCampaign: (campaignId: string): void => void time.run({ id: campaignId }),
    /**
     * The batch's messages were timed again as it was about to leave (a
     * batch held past its time, whose rules now put it later): it waits
     * until `notBefore`. False when it was no longer queued.
     */
    postpone: (campaignId: string, batch: number, notBefore: number, lastAt: number | null): boolean =>
      postpone.run(notBefore, lastAt, campaignId, batch).changes > 0,
  };
}

export type BatchTimes = ReturnType<typeof createBatchTimes>;
