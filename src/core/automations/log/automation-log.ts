/**
 * An automation's log: each occurrence with who it was for and where it
 * stands. The stored state (waiting, handed over, skipped) is joined with
 * what the outbox says of a handed-over one: still queued (on its way to
 * the service), held (waiting for credit), or accepted (final: the service
 * cannot cancel), and what the service reported of its messages (delivered,
 * failed), read by the history.
 */
import type {
  OccurrenceRecipientsView,
  OccurrenceState,
  OccurrenceView,
  RecipientState,
  SkipReason,
} from '../../../shared/dto/automations';
import type { Database } from '../../db/open-database';
import type { CampaignHandOver } from '../../campaigns/campaigns-module';
import type { StoredOccurrence } from '../handover/occurrence-store';

interface SkippedCount {
  reason: SkipReason;
  n: number;
}

export function createAutomationLog(db: Database, outbox: CampaignHandOver) {
  const s = {
    occurrences: db.prepare<[string, number], StoredOccurrence>(
      `SELECT automation_id, date, at, state, reason, campaign_id, handed_at, recipients FROM automation_occurrences
        WHERE automation_id = ? AND state != 'waiting' ORDER BY date DESC LIMIT ?`,
    ),
    waiting: db.prepare<[string], StoredOccurrence>(
      `SELECT automation_id, date, at, state, reason, campaign_id, handed_at, recipients FROM automation_occurrences
        WHERE automation_id = ? AND state = 'waiting' ORDER BY date`,
    ),
    skipped: db.prepare<[string, string], SkippedCount>(
      `SELECT reason, count(*) AS n FROM automation_recipients
        WHERE automation_id = ? AND date = ? AND outcome = 'skipped' GROUP BY reason`,
    ),
    recipients: db.prepare<
      [string, string, number, number],
      {
        contact_id: string;
        name: string;
        phone: string;
        outcome: 'waiting' | 'handed_over' | 'skipped';
        reason: SkipReason | null;
      }
    >(
      `SELECT contact_id, name, phone, outcome, reason FROM automation_recipients
        WHERE automation_id = ? AND date = ?
        ORDER BY outcome = 'skipped', name = '', name COLLATE NOCASE, phone LIMIT ? OFFSET ?`,
    ),
    count: db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM automation_recipients WHERE automation_id = ? AND date = ?',
      )
      .pluck(),
  };

  /** An occurrence as the owner reads it. */
  function view(o: StoredOccurrence): OccurrenceView {
    const skipped: Partial<Record<SkipReason, number>> = {};
    for (const row of s.skipped.all(o.automation_id, o.date)) skipped[row.reason] = row.n;
    let state: OccurrenceState = o.state;
    let hold: OccurrenceView['hold'] = null;
    let delivery: OccurrenceView['delivery'] = null;
    let cost: number | null = null;
    let segments = 0;
    let removed = 0;
    if (o.campaign_id) {
      const summary = outbox.summary(o.campaign_id);
      if (summary) {
        delivery = summary.progress.batches.accepted > 0 ? summary.progress.delivery : null;
        cost = summary.cost;
        segments = summary.segments;
        removed = summary.removed;
        if (o.state === 'handed_over') {
          const { status } = summary.progress;
          if (status === 'held') {
            state = 'held';
            hold = summary.progress.hold?.code ?? null;
          } else if (status === 'queued' || status === 'sending' || status === 'paused') state = 'queued';
        }
      }
    }
    return {
      date: o.date,
      at: o.at,
      state,
      reason: o.reason,
      hold,
      // Who was taken out as the batch left (opted out or blocked since) got nothing.
      recipients: o.recipients - removed,
      skipped,
      cost,
      segments,
      campaignId: o.campaign_id,
      delivery,
      handedAt: o.handed_at,
    };
  }

  return {
    view,
    /** Past and handed-over occurrences, newest first (one more than `limit` read, to say there are more). */
    occurrences(automationId: string, limit: number): { rows: OccurrenceView[]; more: boolean } {
      const rows = s.occurrences.all(automationId, limit + 1);
      return { rows: rows.slice(0, limit).map(view), more: rows.length > limit };
    },
    /** The prepared occurrences ahead (a birthday automation's next days). */
    waiting: (automationId: string): OccurrenceView[] => s.waiting.all(automationId).map(view),

    recipients(
      automationId: string,
      date: string,
      offset: number,
      limit: number,
      state: OccurrenceState | null,
    ): OccurrenceRecipientsView {
      const rows = s.recipients.all(automationId, date, limit, offset).map((r) => ({
        contactId: r.contact_id,
        name: r.name,
        phone: r.phone,
        state: recipientState(r.outcome, state),
        reason: r.reason,
      }));
      return { date, rows, total: s.count.get(automationId, date) ?? 0, offset, limit };
    },
  };
}

/** A handed-over recipient is `queued` while its occurrence is still in the outbox. */
function recipientState(
  outcome: 'waiting' | 'handed_over' | 'skipped',
  occurrence: OccurrenceState | null,
): RecipientState {
  if (outcome !== 'handed_over') return outcome;
  return occurrence === 'queued' || occurrence === 'held' ? 'queued' : 'handed_over';
}

export type AutomationLog = ReturnType<typeof createAutomationLog>;
