/**
 * The opt-out confirmations waiting to go, going, and gone (migration
 * 0038). A confirmation is written by the intake, in the transaction that
 * keeps the reply and its opt-out; the sender claims it (`sending`, its
 * attempt's start committed before the request leaves), and marks it sent
 * together with its row in `inbox_sends`, so the conversation shows it as
 * the shop's and its cost is where the inbox's replies' cost is.
 */
import type { Database } from '../db/open-database';
import type { InboxRepo, SendRow } from './inbox-repo';

export interface ConfirmationRow {
  event_id: string;
  phone: string;
  text: string;
  not_before: string;
  attempt_started_at: string | null;
  attempts: number;
}

export interface NewConfirmation {
  eventId: string;
  phone: string;
  text: string;
  createdAt: string;
  /** Not before this instant (ISO): at once for a fresh reply, the window's opening for a late one. */
  notBefore: string;
}

/** Rows a pass looks at, at most: the rest wait for the next pass, moments later. */
const PAGE = 50;

export function createConfirmationsRepo(db: Database, inbox: Pick<InboxRepo, 'recordSend'>) {
  const s = {
    pend: db.prepare<[string, string, string, string, string, string]>(
      `INSERT OR IGNORE INTO opt_out_confirmations (profile, event_id, phone, text, created_at, not_before)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    due: db.prepare<[string, string], ConfirmationRow>(
      `SELECT event_id, phone, text, not_before, attempt_started_at, attempts FROM opt_out_confirmations
        WHERE profile = ? AND state = 'pending' AND not_before <= ? ORDER BY not_before, event_id LIMIT ${PAGE}`,
    ),
    inDoubt: db.prepare<[string], ConfirmationRow>(
      `SELECT event_id, phone, text, not_before, attempt_started_at, attempts FROM opt_out_confirmations
        WHERE profile = ? AND state = 'sending' ORDER BY attempt_started_at, event_id LIMIT ${PAGE}`,
    ),
    next: db.prepare<[string], { pending: string | null; sending: string | null }>(
      `SELECT min(CASE state WHEN 'pending' THEN not_before END) AS pending,
              min(CASE state WHEN 'sending' THEN attempt_started_at END) AS sending
         FROM opt_out_confirmations WHERE profile = ? AND state IN ('pending', 'sending')`,
    ),
    begin: db.prepare<[string, string, string]>(
      `UPDATE opt_out_confirmations SET state = 'sending', attempt_started_at = ?, attempts = attempts + 1
        WHERE profile = ? AND event_id = ? AND state = 'pending'`,
    ),
    sent: db.prepare<[string, string, string, string]>(
      `UPDATE opt_out_confirmations SET state = 'sent', send_id = ?, sent_at = ?, attempt_started_at = NULL
        WHERE profile = ? AND event_id = ? AND state = 'sending'`,
    ),
    release: db.prepare<[string, string, string]>(
      `UPDATE opt_out_confirmations SET state = 'pending', attempt_started_at = NULL, not_before = ?
        WHERE profile = ? AND event_id = ? AND state IN ('pending', 'sending')`,
    ),
    skip: db.prepare<[string, string, string]>(
      `UPDATE opt_out_confirmations SET state = 'skipped', skip_reason = ?, attempt_started_at = NULL
        WHERE profile = ? AND event_id = ? AND state IN ('pending', 'sending')`,
    ),
    owned: db
      .prepare<[string, string], number>(
        `SELECT EXISTS (SELECT 1 FROM opt_out_confirmations WHERE send_id = ?)
             OR EXISTS (SELECT 1 FROM inbox_sends WHERE send_id = ?)`,
      )
      .pluck(),
    clear: db.prepare<[string]>('DELETE FROM opt_out_confirmations WHERE profile = ?'),
  };

  const settle = db.transaction((profile: string, eventId: string, send: SendRow): boolean => {
    if (s.sent.run(send.send_id, send.sent_at, profile, eventId).changes !== 1) return false;
    inbox.recordSend(profile, send);
    return true;
  });

  return {
    /** Inside the intake's transaction; a second time for the same event changes nothing. */
    pend(profile: string, c: NewConfirmation): void {
      s.pend.run(profile, c.eventId, c.phone, c.text, c.createdAt, c.notBefore);
    },
    due: (profile: string, now: Date): ConfirmationRow[] => s.due.all(profile, now.toISOString()),
    /** Claimed by a request that may have left: looked for on the service before any second try. */
    inDoubt: (profile: string): ConfirmationRow[] => s.inDoubt.all(profile),
    /** The earliest pending one's time, and the earliest attempt in doubt's start (null: none). */
    nextAt: (profile: string) => s.next.get(profile) ?? { pending: null, sending: null },
    /** Claims a pending confirmation for one attempt, committed before the request leaves; false: not pending. */
    begin: (profile: string, eventId: string, at: Date): boolean =>
      s.begin.run(at.toISOString(), profile, eventId).changes === 1,
    /** Sent, as `send` (the service's id): with its row in inbox_sends, in one transaction. */
    settle: (profile: string, eventId: string, send: SendRow): boolean =>
      settle.immediate(profile, eventId, send),
    /** Certainly not sent: it waits for `notBefore` and goes again. */
    release: (profile: string, eventId: string, notBefore: Date) =>
      void s.release.run(notBefore.toISOString(), profile, eventId),
    /** It will not go (a block list, the service refused it), and why. */
    skip: (profile: string, eventId: string, reason: string) => void s.skip.run(reason, profile, eventId),
    /** A service send already settled by a confirmation or an inbox reply. */
    isOwned: (sendId: string): boolean => s.owned.get(sendId, sendId) === 1,
    clearProfile: (profile: string) => void s.clear.run(profile),
  };
}

export type ConfirmationsRepo = ReturnType<typeof createConfirmationsRepo>;
