/**
 * Erasing one person at their request (core/privacy): what the campaigns
 * domain holds about a number.
 *
 * - A message frozen for them and not sent yet (its batch still queued) is
 *   withdrawn the way the last moment withdraws one (late-removals.ts): out
 *   of the batch, its counts and cost recomputed, recorded as `erased`, so
 *   the campaign's page and report still add up.
 * - The messages that left (or are in flight, or were held or cancelled)
 *   keep their place, segments and cost, so every total stays right, but
 *   lose what was the person's: the number becomes the erase's anonymous
 *   token and the text as sent (it may hold their name) a dash.
 * - Earlier last-moment removals keep their reason under the token; test
 *   sends to the number (kept only to mark them in the history) go.
 */
import type { Database } from '../../db/open-database';
import type { Finish } from './outbox-rows';
import { createLateRemovals } from './late-removals';
import { createOutboxTransitions } from './outbox-transitions';

/** What a message's text becomes once its recipient is erased (the column takes 1 to 1600 characters). */
export const ERASED_TEXT = '—';

export interface ForgottenCampaignData {
  withdrawn: number;
  campaignMessages: number;
  removals: number;
  testSends: number;
  /** Campaigns the withdrawal finished (nothing left to send): their page changes. */
  finished: string[];
}

export function createCampaignsForget(db: Database) {
  const removals = createLateRemovals(db, createOutboxTransitions(db).settleWithin);
  const s = {
    queued: db.prepare<
      [string, string],
      { campaign_id: string; batch: number; position: number; segments: number }
    >(
      `SELECT m.campaign_id, m.batch, m.position, m.segments
         FROM campaign_messages m
         JOIN campaign_batches b ON b.campaign_id = m.campaign_id AND b.batch = m.batch
         JOIN campaigns c ON c.id = m.campaign_id
        WHERE c.profile = ? AND m.phone = ? AND b.state = 'queued'`,
    ),
    anonymise: db.prepare<[string, string, string, string]>(
      `UPDATE campaign_messages SET phone = ?, message = ?, contact_id = NULL
        WHERE phone = ? AND campaign_id IN (SELECT id FROM campaigns WHERE profile = ?)`,
    ),
    removals: db.prepare<[string, string, string]>(
      `UPDATE campaign_removals SET phone = ?
        WHERE phone = ? AND campaign_id IN (SELECT id FROM campaigns WHERE profile = ?)`,
    ),
    testSends: db.prepare<[string, string]>(
      'DELETE FROM campaign_test_sends WHERE profile = ? AND phone = ?',
    ),
  };

  /** Call inside the caller's transaction. `token`: the erase's anonymous stand-in for the number. */
  return (profile: string, phone: string, token: string, now: string): ForgottenCampaignData => {
    const batches = new Map<
      string,
      { id: string; batch: number; positions: { position: number; segments: number }[] }
    >();
    for (const row of s.queued.all(profile, phone)) {
      const key = `${row.campaign_id}\u0000${row.batch}`;
      let entry = batches.get(key);
      if (!entry) batches.set(key, (entry = { id: row.campaign_id, batch: row.batch, positions: [] }));
      entry.positions.push({ position: row.position, segments: row.segments });
    }
    let withdrawn = 0;
    const finished: string[] = [];
    for (const { id, batch, positions } of batches.values()) {
      const outcome = removals.remove(
        id,
        batch,
        positions.map((p) => ({ ...p, phone: token, reason: 'erased' as const })),
        now,
      );
      if (outcome.applied) withdrawn += positions.length;
      if (isFinished(outcome.finish)) finished.push(id);
    }
    const campaignMessages = s.anonymise.run(token, ERASED_TEXT, phone, profile).changes;
    const removed = s.removals.run(token, phone, profile).changes;
    const testSends = s.testSends.run(profile, phone).changes;
    return { withdrawn, campaignMessages, removals: removed, testSends, finished };
  };
}

const isFinished = (finish: Finish): boolean => finish !== null;
