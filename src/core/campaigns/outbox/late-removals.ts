/**
 * Messages taken out of a batch at the last moment, as it is about to leave:
 * their number opted out, was blocked or reached the frequency cap after the
 * campaign was queued (the recipient policy says so, rules/recipient-policy.ts).
 * They are recorded with why (the campaign's page and report count them),
 * deleted from the batch, and the batch's counts and cost are what is left:
 * nothing is sent or charged for them. A batch left empty is gone, and a
 * campaign with nothing left to do is finished.
 */
import type { RemovedCounts } from '../../../shared/dto/campaigns';
import type { BlockListRef } from '../../../shared/dto/rules';
import { refOfId } from '../../../shared/rules/block-list-kinds';
import type { Database } from '../../db/open-database';
import { blockListRankSql } from '../../rules/rules-module';
import { costReais, toMicro } from '../campaign-money';
import type { Finish } from './outbox-rows';

/** `erased`: the person was erased at their request (core/privacy) after the freeze. */
export type RemovalReason = 'opted_out' | 'blocked_procon' | 'blocked_other' | 'cap' | 'erased';

export interface LateRemoval {
  position: number;
  phone: string;
  segments: number;
  reason: RemovalReason;
  /** The list that blocked it (reasons blocked_*). */
  list?: BlockListRef;
}

export interface LateRemovalOutcome {
  /** False when the batch was no longer queued (claimed or cancelled meanwhile): nothing changed. */
  applied: boolean;
  /** Nobody was left in the batch: it is gone. */
  emptied: boolean;
  finish: Finish;
}

export function createLateRemovals(db: Database, settleWithin: (id: string, now: string) => Finish) {
  const s = {
    state: db
      .prepare<[string, number], string>(
        'SELECT state FROM campaign_batches WHERE campaign_id = ? AND batch = ?',
      )
      .pluck(),
    record: db.prepare<[string, number, string, string]>(
      `INSERT OR IGNORE INTO campaign_removals
         (campaign_id, batch, position, phone, segments, reason, removed_at, block_list, block_list_name)
       SELECT ?, ?, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, ?, j.value ->> 4, j.value ->> 5
         FROM json_each(?) j`,
    ),
    remove: db.prepare<[string, number, string]>(
      `DELETE FROM campaign_messages WHERE campaign_id = ? AND batch = ?
          AND position IN (SELECT value FROM json_each(?))`,
    ),
    left: db.prepare<[string, number], { messages: number; segments: number | null }>(
      'SELECT count(*) AS messages, sum(segments) AS segments FROM campaign_messages WHERE campaign_id = ? AND batch = ?',
    ),
    unitPrice: db.prepare<[string], number | null>('SELECT unit_price FROM campaigns WHERE id = ?').pluck(),
    shrink: db.prepare<[number, number, number, string, number]>(
      'UPDATE campaign_batches SET messages = ?, segments = ?, cost = ? WHERE campaign_id = ? AND batch = ?',
    ),
    drop: db.prepare<[string, number]>('DELETE FROM campaign_batches WHERE campaign_id = ? AND batch = ?'),
  };

  const remove = db.transaction(
    (id: string, batch: number, removals: readonly LateRemoval[], now: string): LateRemovalOutcome => {
      if (s.state.get(id, batch) !== 'queued') return { applied: false, emptied: false, finish: null };
      s.record.run(
        id,
        batch,
        now,
        JSON.stringify(
          removals.map((r) => [
            r.position,
            r.phone,
            r.segments,
            r.reason,
            r.list?.id ?? null,
            r.list?.name ?? null,
          ]),
        ),
      );
      s.remove.run(id, batch, JSON.stringify(removals.map((r) => r.position)));
      const left = s.left.get(id, batch)!;
      if (left.messages === 0) {
        s.drop.run(id, batch);
        return { applied: true, emptied: true, finish: settleWithin(id, now) };
      }
      const segments = left.segments ?? 0;
      const unit = s.unitPrice.get(id);
      // A campaign frozen before any price was known keeps its batches at 0 (its cost is unknown).
      const cost = unit === null || unit === undefined ? 0 : costReais(segments, toMicro(unit));
      s.shrink.run(left.messages, segments, cost, id, batch);
      return { applied: true, emptied: false, finish: null };
    },
  );

  return {
    /** Takes `removals` out of the queued batch, in one durable transaction. */
    remove: (id: string, batch: number, removals: readonly LateRemoval[], now: string) =>
      remove.immediate(id, batch, removals, now),
  };
}

export type LateRemovals = ReturnType<typeof createLateRemovals>;

/** How many of a campaign's messages were taken out at the last moment, by why; null: none (its progress reads it). */
export function createRemovalCounts(db: Database) {
  // Per list as it was named when it removed them (a list removed since still has its name here).
  const counts = db.prepare<
    [string],
    { reason: RemovalReason; list: string | null; name: string | null; n: number }
  >(
    `SELECT reason, block_list AS list, max(block_list_name) AS name, count(*) AS n FROM campaign_removals
      WHERE campaign_id = ? GROUP BY reason, block_list
      ORDER BY ${blockListRankSql('block_list')}`,
  );
  return (id: string): RemovedCounts | null => {
    const rows = counts.all(id);
    if (rows.length === 0) return null;
    const sum = (reason: RemovalReason) =>
      rows.filter((r) => r.reason === reason).reduce((n, r) => n + r.n, 0);
    return {
      optedOut: sum('opted_out'),
      blocked: rows
        .filter((r) => r.reason === 'blocked_procon' || r.reason === 'blocked_other')
        .map((r) => {
          const ref = refOfId(r.list ?? (r.reason === 'blocked_procon' ? 'procon-sp' : 'other'));
          return { list: { ...ref, name: ref.kind === 'owner' ? r.name : null }, count: r.n };
        }),
      cap: sum('cap'),
      erased: sum('erased'),
    };
  };
}
