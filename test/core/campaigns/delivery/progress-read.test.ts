/**
 * Progress read from the outbox: counts by state, and an ETA from the pace
 * of the sending itself (not the time the campaign sat queued or held).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgressReader } from '@core/campaigns/outbox/progress-read';
import { openDatabase } from '@core/db/open-database';
import { tempDir } from '../../../support/temp-dir';
import { freezeCampaign, numbered } from './frozen-campaign';

describe('progress read', () => {
  it('counts batches and messages by state; the ETA follows the pace of the accepted batches', () => {
    const db = openDatabase(join(tempDir(), 'torpedo.db'));
    const read = createProgressReader(db, () => new Date('2026-06-01T13:00:00.000Z'));
    // Queued an hour before it could send (offline): that hour must not slow the estimate.
    const c = freezeCampaign(db, {
      messages: numbered(40),
      batchSize: 10,
      now: new Date('2026-06-01T12:00:00.000Z'),
    });
    expect(read(c.id)).toMatchObject({
      status: 'queued',
      etaSeconds: null,
      messages: { accepted: 0, total: 40 },
    });

    const accept = db.prepare(
      `UPDATE campaign_batches SET state = 'accepted', send_id = ?, attempt_started_at = ?, accepted_at = ?
        WHERE campaign_id = ? AND batch = ?`,
    );
    accept.run('s0', '2026-06-01T12:59:00.000Z', '2026-06-01T12:59:02.000Z', c.id, 0);
    accept.run('s1', '2026-06-01T12:59:10.000Z', '2026-06-01T12:59:12.000Z', c.id, 1);
    db.prepare("UPDATE campaigns SET status = 'sending' WHERE id = ?").run(c.id);
    db.prepare("UPDATE campaign_batches SET state = 'cancelled' WHERE campaign_id = ? AND batch = 3").run(
      c.id,
    );
    // 20 messages took 4 s: the 10 still queued take about 2 s.
    expect(read(c.id)).toMatchObject({
      status: 'sending',
      batches: { accepted: 2, queued: 1, cancelled: 1, total: 4 },
      messages: { accepted: 20, total: 30 },
      etaSeconds: 2,
    });
    db.prepare("UPDATE campaigns SET status = 'paused' WHERE id = ?").run(c.id);
    expect(read(c.id)!.etaSeconds).toBeNull();
  });
});
