/**
 * What was sent to a number: the campaigns' and automations' messages the
 * service accepted (an automation hands its occurrences to the campaigns'
 * outbox, so both are campaign_messages; `campaigns.automation_id` tells
 * them apart) and the inbox's own replies. A named read model of the
 * campaigns' tables (core/db/tables.ts lists it).
 *
 * A message's time is when it went: its batch's acceptance, or its own
 * schedule when the service was to send it later. A test send is left out:
 * it went to the owner's own phone, and its text is not kept.
 */
import type { ReplyOrigin } from '../../shared/dto/inbox';
import type { Database } from '../db/open-database';

export interface SentMessage {
  /** Stable within the conversation: `c:<campaign>:<batch>:<position>` or `r:<send id>`. */
  id: string;
  phone: string;
  text: string;
  /** ms since the epoch. */
  at: number;
  origin: ReplyOrigin;
  /** Inbox replies only: what was charged. */
  segments: number | null;
}

interface CampaignMessageRow {
  phone: string;
  text: string;
  campaign_id: string;
  batch: number;
  position: number;
  campaign_name: string;
  automation_id: string | null;
  automation_name: string | null;
  at: number;
}

interface InboxSendRow {
  phone: string;
  text: string;
  send_id: string;
  segments: number;
  sent_at: string;
}

// julianday keeps the accepted instant to the millisecond; a schedule later than it (a message the
// service held for its time) is when the customer got it.
const CAMPAIGN_MESSAGES = `
  SELECT m.phone, m.message AS text, m.campaign_id, m.batch, m.position,
         k.name AS campaign_name, k.automation_id, a.name AS automation_name,
         max(coalesce(CAST(round((julianday(b.accepted_at) - 2440587.5) * 86400000) AS INTEGER), 0),
             coalesce(m.schedule, 0)) AS at
    FROM campaigns k
    JOIN campaign_batches b ON b.campaign_id = k.id AND b.state = 'accepted'
    JOIN campaign_messages m ON m.campaign_id = b.campaign_id AND m.batch = b.batch
    LEFT JOIN automations a ON a.id = k.automation_id
   WHERE k.profile = ? AND m.phone IN (SELECT value FROM json_each(?))`;

const INBOX_SENDS = `
  SELECT phone, text, send_id, segments, sent_at FROM inbox_sends
   WHERE profile = ? AND phone IN (SELECT value FROM json_each(?))`;

const fromCampaign = (r: CampaignMessageRow): SentMessage => ({
  id: `c:${r.campaign_id}:${r.batch}:${r.position}`,
  phone: r.phone,
  text: r.text,
  at: r.at,
  origin:
    r.automation_id === null
      ? { kind: 'campaign', id: r.campaign_id, name: r.campaign_name }
      : { kind: 'automation', id: r.automation_id, name: r.automation_name ?? r.campaign_name },
  segments: null,
});

const fromInbox = (r: InboxSendRow): SentMessage => ({
  id: `r:${r.send_id}`,
  phone: r.phone,
  text: r.text,
  at: Date.parse(r.sent_at),
  origin: { kind: 'reply', id: null, name: null },
  segments: r.segments,
});

export function createSentMessages(db: Database) {
  const campaign = db.prepare<[string, string], CampaignMessageRow>(CAMPAIGN_MESSAGES);
  const inbox = db.prepare<[string, string], InboxSendRow>(INBOX_SENDS);

  /** Everything sent to these numbers, oldest first. One pass over the outbox for all of them. */
  function to(profile: string, phones: readonly string[]): SentMessage[] {
    const wanted = JSON.stringify([...new Set(phones)]);
    return [
      ...campaign.all(profile, wanted).map(fromCampaign),
      ...inbox.all(profile, wanted).map(fromInbox),
    ].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  }

  return {
    to,
    /**
     * What each reply answers: the last message sent to its number at or
     * before it arrived (null: nothing was). Keyed like `replies`' order.
     */
    originsOf(
      profile: string,
      replies: readonly { phone: string; receivedAt: string }[],
    ): (ReplyOrigin | null)[] {
      if (replies.length === 0) return [];
      const byPhone = new Map<string, SentMessage[]>();
      for (const message of to(
        profile,
        replies.map((r) => r.phone),
      )) {
        const list = byPhone.get(message.phone) ?? [];
        list.push(message);
        byPhone.set(message.phone, list);
      }
      return replies.map((reply) => {
        const at = Date.parse(reply.receivedAt);
        const before = (byPhone.get(reply.phone) ?? []).filter((m) => m.at <= at);
        return before.at(-1)?.origin ?? null;
      });
    },
  };
}

export type SentMessages = ReturnType<typeof createSentMessages>;
