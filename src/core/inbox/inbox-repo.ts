/**
 * The inbox's own tables (migration 0034): the customers' replies, kept
 * once by the service's event id, and the SMS the owner sent from the inbox.
 * The one writer of inbox_replies and inbox_sends (core/db/tables.ts).
 */
import type { ReplyOrigin } from '../../shared/dto/inbox';
import type { Database } from '../db/open-database';

export interface ReplyRow {
  event_id: string;
  phone: string;
  text: string;
  received_at: string;
  handled: number;
  opts_out: number;
  origin_kind: ReplyOrigin['kind'] | null;
  origin_id: string | null;
  origin_name: string | null;
}

export interface SendRow {
  send_id: string;
  phone: string;
  text: string;
  segments: number;
  cost: number | null;
  sent_at: string;
}

export interface NewReply {
  eventId: string;
  phone: string;
  text: string;
  receivedAt: string;
  optsOut: boolean;
  origin: ReplyOrigin | null;
}

export function createInboxRepo(db: Database) {
  const s = {
    keep: db.prepare<
      [string, string, string, string, string, string, number, string | null, string | null, string | null]
    >(
      `INSERT OR IGNORE INTO inbox_replies
         (profile, event_id, phone, text, received_at, kept_at, opts_out, origin_kind, origin_id, origin_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    kept: db
      .prepare<[string, string], number>(
        `SELECT count(*) FROM inbox_replies WHERE profile = ? AND event_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck(),
    has: db
      .prepare<[string, string], number>(
        'SELECT 1 FROM inbox_replies WHERE profile = ? AND phone = ? LIMIT 1',
      )
      .pluck(),
    replies: db.prepare<[string, string], ReplyRow>(
      `SELECT event_id, phone, text, received_at, handled, opts_out, origin_kind, origin_id, origin_name
         FROM inbox_replies WHERE profile = ? AND phone = ? ORDER BY received_at, event_id`,
    ),
    sends: db.prepare<[string, string], SendRow>(
      `SELECT send_id, phone, text, segments, cost, sent_at
         FROM inbox_sends WHERE profile = ? AND phone = ? ORDER BY sent_at, send_id`,
    ),
    handleAll: db.prepare<[string, string]>(
      'UPDATE inbox_replies SET handled = 1 WHERE profile = ? AND phone = ? AND handled = 0',
    ),
    unhandleLast: db.prepare<[string, string, string, string]>(
      `UPDATE inbox_replies SET handled = 0 WHERE profile = ? AND phone = ? AND event_id = (
         SELECT event_id FROM inbox_replies WHERE profile = ? AND phone = ?
          ORDER BY received_at DESC, event_id DESC LIMIT 1)`,
    ),
    recordSend: db.prepare<[string, string, string, string, number, number | null, string]>(
      `INSERT INTO inbox_sends (profile, send_id, phone, text, segments, cost, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    clear: ['DELETE FROM inbox_replies WHERE profile = ?', 'DELETE FROM inbox_sends WHERE profile = ?'].map(
      (sql) => db.prepare<[string]>(sql),
    ),
  };

  return {
    /** Keeps a reply not kept before (by event id); false when it was there already. */
    keep(profile: string, reply: NewReply, keptAt: string): boolean {
      const origin = reply.origin;
      return (
        s.keep.run(
          profile,
          reply.eventId,
          reply.phone,
          reply.text,
          reply.receivedAt,
          keptAt,
          reply.optsOut ? 1 : 0,
          origin?.kind ?? null,
          origin?.id ?? null,
          origin?.name ?? null,
        ).changes === 1
      );
    },
    /** How many of these event ids are kept (committed, once the caller's transaction is over). */
    keptCount: (profile: string, eventIds: readonly string[]): number =>
      s.kept.get(profile, JSON.stringify(eventIds)) ?? 0,
    /** Whether the number ever replied (a conversation exists). */
    hasReplies: (profile: string, phone: string): boolean => s.has.get(profile, phone) === 1,
    repliesOf: (profile: string, phone: string): ReplyRow[] => s.replies.all(profile, phone),
    sendsOf: (profile: string, phone: string): SendRow[] => s.sends.all(profile, phone),
    /** Handled: every reply of the number read; not: its last reply unread again. */
    setHandled(profile: string, phone: string, handled: boolean): void {
      if (handled) s.handleAll.run(profile, phone);
      else s.unhandleLast.run(profile, phone, profile, phone);
    },
    recordSend(profile: string, send: SendRow): void {
      s.recordSend.run(profile, send.send_id, send.phone, send.text, send.segments, send.cost, send.sent_at);
    },
    clearProfile(profile: string): void {
      for (const statement of s.clear) statement.run(profile);
    },
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
