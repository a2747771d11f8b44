/**
 * The automation's own record of its occurrences and their recipients
 * (the `automations` migration): read and written by the hand-over round, read by the
 * log. Writes happen inside the round's transactions.
 */
import type { OccurrenceState, SkipReason } from '../../../shared/dto/automations';
import type { Database } from '../../db/open-database';

/** An occurrence as stored: the outbox's states (queued, held) are read from its campaign. */
export type StoredState = Extract<OccurrenceState, 'waiting' | 'handed_over' | 'skipped'>;
export type Outcome = 'waiting' | 'handed_over' | 'skipped';

export interface StoredOccurrence {
  automation_id: string;
  date: string;
  at: string;
  state: StoredState;
  reason: SkipReason | null;
  campaign_id: string | null;
  handed_at: string | null;
  recipients: number;
}

export interface StoredRecipient {
  contact_id: string;
  name: string;
  phone: string;
  outcome: Outcome;
  reason: SkipReason | null;
}

export interface RecipientWrite {
  contactId: string;
  name: string;
  phone: string;
  outcome: Outcome;
  reason: SkipReason | null;
}

const OCCURRENCE_COLUMNS = 'automation_id, date, at, state, reason, campaign_id, handed_at, recipients';

export function createOccurrenceStore(db: Database) {
  const s = {
    occurrence: db.prepare<[string, string], StoredOccurrence>(
      `SELECT ${OCCURRENCE_COLUMNS} FROM automation_occurrences WHERE automation_id = ? AND date = ?`,
    ),
    upsertOccurrence: db.prepare(
      `INSERT INTO automation_occurrences (${OCCURRENCE_COLUMNS})
       VALUES (:automationId, :date, :at, :state, :reason, :campaignId, :handedAt, :recipients)
       ON CONFLICT (automation_id, date) DO UPDATE SET at = excluded.at, state = excluded.state,
         reason = excluded.reason, campaign_id = excluded.campaign_id, handed_at = excluded.handed_at,
         recipients = excluded.recipients`,
    ),
    dropOccurrence: db.prepare<[string, string]>(
      'DELETE FROM automation_occurrences WHERE automation_id = ? AND date = ?',
    ),
    recipients: db.prepare<[string, string], StoredRecipient>(
      `SELECT contact_id, name, phone, outcome, reason FROM automation_recipients
        WHERE automation_id = ? AND date = ?`,
    ),
    upsertRecipient: db.prepare(
      `INSERT INTO automation_recipients (automation_id, date, contact_id, profile, name, phone, once_key, outcome, reason)
       VALUES (:automationId, :date, :contactId, :profile, :name, :phone, :onceKey, :outcome, :reason)
       ON CONFLICT (automation_id, date, contact_id) DO UPDATE SET name = excluded.name, phone = excluded.phone,
         once_key = excluded.once_key, outcome = excluded.outcome, reason = excluded.reason`,
    ),
    settleNotSent: db.prepare<[SkipReason, string, string, string]>(
      `UPDATE automation_recipients SET outcome = 'skipped', reason = ?
        WHERE automation_id = ? AND date = ? AND outcome = 'handed_over'
          AND contact_id IN (SELECT value FROM json_each(?))`,
    ),
    stillHanded: db
      .prepare<[string, string], number>(
        "SELECT count(*) FROM automation_recipients WHERE automation_id = ? AND date = ? AND outcome = 'handed_over'",
      )
      .pluck(),
    skipOccurrence: db.prepare<[SkipReason, string, string]>(
      "UPDATE automation_occurrences SET state = 'skipped', reason = ? WHERE automation_id = ? AND date = ?",
    ),
    handedSince: db.prepare<[string, string, string], StoredOccurrence>(
      `SELECT ${OCCURRENCE_COLUMNS} FROM automation_occurrences o
        WHERE o.automation_id IN (SELECT id FROM automations WHERE profile = ?)
          AND o.state = 'handed_over' AND o.date >= ? AND o.date <= ? ORDER BY o.date`,
    ),
  };

  return {
    occurrence: (automationId: string, date: string) => s.occurrence.get(automationId, date),
    recipients: (automationId: string, date: string) => s.recipients.all(automationId, date),

    writeOccurrence(o: {
      automationId: string;
      date: string;
      at: string;
      state: StoredState;
      reason: SkipReason | null;
      campaignId: string | null;
      handedAt: string | null;
      recipients: number;
    }): void {
      s.upsertOccurrence.run(o);
    },
    dropOccurrence: (automationId: string, date: string) => void s.dropOccurrence.run(automationId, date),

    /** Only what changed is written (a round that finds nothing new writes nothing). */
    writeRecipients(
      target: { automationId: string; date: string; profile: string; onceKey: string },
      writes: readonly RecipientWrite[],
      before: ReadonlyMap<string, StoredRecipient>,
    ): number {
      let changed = 0;
      for (const w of writes) {
        const old = before.get(w.contactId);
        if (
          old &&
          old.outcome === w.outcome &&
          old.reason === w.reason &&
          old.name === w.name &&
          old.phone === w.phone
        )
          continue;
        s.upsertRecipient.run({ ...target, ...w });
        changed++;
      }
      return changed;
    },

    /**
     * Messages that never went (their batch cancelled when the day ended):
     * their recipients were not greeted after all. The occurrence is skipped
     * when none of it went.
     */
    settleNotSent(
      automationId: string,
      date: string,
      contactIds: readonly string[],
      reason: SkipReason,
    ): number {
      const changed = s.settleNotSent.run(reason, automationId, date, JSON.stringify(contactIds)).changes;
      if (changed > 0 && s.stillHanded.get(automationId, date) === 0)
        s.skipOccurrence.run(reason, automationId, date);
      return changed;
    },

    /** The profile's handed-over occurrences of these dates, for the round to settle. */
    handedBetween: (profile: string, from: string, to: string) => s.handedSince.all(profile, from, to),
  };
}

export type OccurrenceStore = ReturnType<typeof createOccurrenceStore>;
