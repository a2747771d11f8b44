/**
 * After a backup made before an erase is restored (db/restore-backup.ts
 * replaces torpedo.db only), the database holds the person again and not
 * their hash; the mirror file beside it (suppression-file.ts) still has the
 * hash. At open, every mirrored hash the table lacks is applied again: the
 * numbers kept anywhere in the database are hashed with the profile's key,
 * and each one that matches is erased as the owner erased it (recorded as
 * `reapplied`). A hash that matches nothing is kept all the same, so the
 * next import or sync still skips the number.
 * A read model over every table that holds a number (core/db/tables.ts).
 */
import type { Database } from '../../db/open-database';
import type { SuppressionList } from '../suppression/suppression-list';
import type { PersonEraser } from './erase-person';

const NUMBERS_SQL = `
  SELECT phone FROM contacts WHERE profile = :profile
  UNION SELECT phone FROM opt_outs WHERE profile = :profile
  UNION SELECT m.phone FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id WHERE c.profile = :profile
  UNION SELECT r.phone FROM campaign_removals r JOIN campaigns c ON c.id = r.campaign_id WHERE c.profile = :profile
  UNION SELECT phone FROM campaign_test_sends WHERE profile = :profile
  UNION SELECT n.phone FROM history_numbers n JOIN history_sends s ON s.seq = n.send_seq WHERE s.profile = :profile
  UNION SELECT phone FROM short_link_clicks WHERE profile = :profile AND phone IS NOT NULL
  UNION SELECT phone FROM send_log WHERE profile = :profile
  UNION SELECT phone FROM inbox_replies WHERE profile = :profile
  UNION SELECT phone FROM inbox_sends WHERE profile = :profile
  UNION SELECT phone FROM automation_recipients WHERE profile = :profile
  UNION SELECT phone FROM sync_queue WHERE profile = :profile AND phone IS NOT NULL`;

export function createReapplyErasures(db: Database, suppressions: SuppressionList, eraser: PersonEraser) {
  const matching = db
    .prepare<{ profile: string; hashes: string }, string>(
      `SELECT phone FROM (${NUMBERS_SQL})
        WHERE torpedo_phone_hash(:profile, phone) IN (SELECT value FROM json_each(:hashes))`,
    )
    .pluck();
  const addHash = db.transaction((profile: string, hashes: readonly string[], at: string) => {
    for (const hash of hashes) suppressions.add(profile, hash, at);
  });

  /** Applies again every erase a restore undid; returns how many numbers were erased again. */
  return async (now: Date): Promise<number> => {
    let erased = 0;
    for (const profile of suppressions.profiles()) {
      const missing = suppressions.missing(profile);
      if (missing.length === 0) continue;
      await suppressions.load(profile);
      for (const phone of matching.all({ profile, hashes: JSON.stringify(missing) })) {
        const hash = missing.find((h) => suppressions.hashOf(profile, phone) === h)!;
        eraser.eraseHashed(profile, phone, hash, 'reapplied');
        erased++;
      }
      addHash(profile, missing, now.toISOString());
    }
    return erased;
  };
}
