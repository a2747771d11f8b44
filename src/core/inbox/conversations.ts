/**
 * The inbox's views: one conversation per number that replied, newest
 * first (`inbox:list`), and one conversation whole, both directions oldest
 * first (`inbox:conversation`). The list reads only the inbox's own tables
 * (with the contact's name and the opt-out beside each number), so it stays
 * quick however many campaigns went out; a conversation also reads what the
 * campaigns and automations sent to its number (sent-messages.ts).
 */
import type {
  ConversationMessage,
  ConversationSummary,
  ConversationView,
  InboxListView,
  ReplyOrigin,
} from '../../shared/dto/inbox';
import type { OptOutSource } from '../../shared/dto/contacts';
import { zoneOfPhone } from '../../shared/rules/ddd-zones';
import type { Database } from '../db/open-database';
import type { InboxRepo } from './inbox-repo';
import type { SentMessages } from './sent-messages';

interface SummaryRow {
  phone: string;
  last_text: string;
  last_at: string;
  last_direction: 'in' | 'out';
  reply_text: string;
  reply_at: string;
  origin_kind: ReplyOrigin['kind'] | null;
  origin_id: string | null;
  origin_name: string | null;
  unread: number;
  name: string | null;
  time_zone: string | null;
  opted_out: number;
}

export interface ListQuery {
  search?: string;
  unreadOnly: boolean;
  limit: number;
}

// Each number's last message (theirs or ours) and its last reply, with the unread count, the contact
// and the opt-out. `@phone` narrows it to one number ('' for all); `@search` is lower-cased, `@digits`
// its digits ('' when it has none).
const SUMMARIES = `
  WITH messages AS (
    SELECT phone, text, received_at AS at, 'in' AS direction FROM inbox_replies WHERE profile = @profile
    UNION ALL
    SELECT phone, text, sent_at, 'out' FROM inbox_sends WHERE profile = @profile
  ),
  ranked AS (
    SELECT phone, text, at, direction,
           row_number() OVER (PARTITION BY phone ORDER BY at DESC, direction = 'in' DESC) AS n
      FROM messages
     WHERE (@phone = '' OR phone = @phone)
       AND phone IN (SELECT phone FROM inbox_replies WHERE profile = @profile)
  ),
  summaries AS (
    SELECT l.phone, l.text AS last_text, l.at AS last_at, l.direction AS last_direction,
           r.text AS reply_text, r.received_at AS reply_at, r.origin_kind, r.origin_id, r.origin_name,
           (SELECT count(*) FROM inbox_replies u
             WHERE u.profile = @profile AND u.phone = l.phone AND u.handled = 0) AS unread,
           c.name, c.time_zone,
           EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = @profile AND o.phone = l.phone) AS opted_out
      FROM ranked l
      JOIN inbox_replies r ON r.profile = @profile AND r.phone = l.phone AND r.event_id = (
             SELECT x.event_id FROM inbox_replies x WHERE x.profile = @profile AND x.phone = l.phone
              ORDER BY x.received_at DESC, x.event_id DESC LIMIT 1)
      LEFT JOIN contacts c ON c.profile = @profile AND c.phone = l.phone AND c.deleted_at IS NULL
     WHERE l.n = 1
  )
  SELECT * FROM summaries s
   WHERE (@unreadOnly = 0 OR s.unread > 0)
     AND (@search = ''
          OR instr(lower(coalesce(s.name, '')), @search) > 0
          OR (@digits <> '' AND instr(s.phone, @digits) > 0)
          OR EXISTS (SELECT 1 FROM messages t WHERE t.phone = s.phone AND instr(lower(t.text), @search) > 0))
   ORDER BY s.last_at DESC, s.phone
   LIMIT @limit`;

const originOf = (r: {
  origin_kind: ReplyOrigin['kind'] | null;
  origin_id: string | null;
  origin_name: string | null;
}): ReplyOrigin | null =>
  r.origin_kind === null ? null : { kind: r.origin_kind, id: r.origin_id, name: r.origin_name };

const toSummary = (r: SummaryRow): ConversationSummary => ({
  phone: r.phone,
  name: r.name ? r.name : null,
  lastText: r.last_text,
  lastDirection: r.last_direction,
  lastAt: r.last_at,
  timeZone: zoneOfPhone(r.phone, r.time_zone),
  unread: r.unread,
  handled: r.unread === 0,
  optedOut: r.opted_out === 1,
  origin: originOf(r),
  lastReply: { text: r.reply_text, at: r.reply_at },
});

export function createConversations(db: Database, repo: InboxRepo, sent: SentMessages) {
  const summaries = db.prepare<
    { profile: string; phone: string; search: string; digits: string; unreadOnly: number; limit: number },
    SummaryRow
  >(SUMMARIES);
  const unreadTotal = db
    .prepare<[string], number>(
      'SELECT count(DISTINCT phone) FROM inbox_replies WHERE profile = ? AND handled = 0',
    )
    .pluck();
  const optOut = db.prepare<
    [string, string],
    { created_at: string; source: OptOutSource; note: string | null }
  >('SELECT created_at, source, note FROM opt_outs WHERE profile = ? AND phone = ?');
  const contact = db.prepare<[string, string], { name: string; time_zone: string | null }>(
    'SELECT name, time_zone FROM contacts WHERE profile = ? AND phone = ? AND deleted_at IS NULL',
  );

  const summary = (profile: string, phone: string): ConversationSummary | null => {
    const row = summaries.get({ profile, phone, search: '', digits: '', unreadOnly: 0, limit: 1 });
    return row ? toSummary(row) : null;
  };

  return {
    list(profile: string, query: ListQuery, serverConnected: boolean): InboxListView {
      const search = (query.search ?? '').toLowerCase();
      const rows = summaries.all({
        profile,
        phone: '',
        search,
        digits: search.replace(/\D+/g, ''),
        unreadOnly: query.unreadOnly ? 1 : 0,
        limit: query.limit,
      });
      return { conversations: rows.map(toSummary), unread: unreadTotal.get(profile) ?? 0, serverConnected };
    },

    /** Conversations with unread replies (the navigation's badge). */
    unread: (profile: string): number => unreadTotal.get(profile) ?? 0,

    /** Null when the number never replied. */
    conversation(profile: string, phone: string): ConversationView | null {
      const head = summary(profile, phone);
      if (!head) return null;
      const theirs: ConversationMessage[] = repo.repliesOf(profile, phone).map((r) => ({
        id: `in:${r.event_id}`,
        direction: 'in',
        text: r.text,
        at: r.received_at,
        origin: originOf(r),
        optOut: r.opts_out === 1,
        segments: null,
      }));
      const ours: ConversationMessage[] = sent.to(profile, [phone]).map((m) => ({
        id: m.id,
        direction: 'out',
        text: m.text,
        at: new Date(m.at).toISOString(),
        origin: m.origin,
        optOut: false,
        segments: m.segments,
      }));
      // Ours first at the same instant: a reply cannot answer what had not arrived.
      const rank = (m: ConversationMessage) => (m.direction === 'out' ? 0 : 1);
      const messages = [...theirs, ...ours].sort(
        (a, b) => Date.parse(a.at) - Date.parse(b.at) || rank(a) - rank(b),
      );
      const out = optOut.get(profile, phone);
      return {
        ...head,
        messages,
        optOut: out
          ? { at: out.created_at, source: out.source, text: out.source === 'reply' ? out.note : null }
          : null,
      };
    },

    /** The contact with this number: its name ('' for none) and own clock. */
    contactOf: (profile: string, phone: string) => contact.get(profile, phone) ?? null,
  };
}

export type Conversations = ReturnType<typeof createConversations>;
