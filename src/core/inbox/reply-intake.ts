/**
 * The intake (inbox-intake.ts): the replies the server domain read from
 * Torpedo Server, kept once each, with what each answers; a reply that is
 * only an opt-out word (shared/inbox/opt-out-words.ts) opts its number out
 * through the contacts' own opt-out writer (source `reply`, the reply's
 * words as the evidence, its time as the opt-out's), so every freeze,
 * hand-over and test send leaves the number out from then on. A new
 * opt-out also records its confirmation SMS when the owner turned those on
 * (confirmation-timing.ts), in the same transaction.
 *
 * Synchronous and inside the caller's transaction: a reply, its opt-out and
 * the cursor that passed them are kept together or not at all.
 */
import { isOptOutReply } from '../../shared/inbox/opt-out-words';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { Log } from '../log/log';
import type { ConfirmationRecorder } from './confirmation-timing';
import type { IncomingReply, InboxIntake, IntakeResult } from './inbox-intake';
import type { InboxRepo } from './inbox-repo';
import type { SentMessages } from './sent-messages';

const E164 = /^\+[1-9]\d{7,14}$/;
/** Longer than any SMS a phone sends (a long reply arrives as one text of several parts). */
const TEXT_MAX = 2000;

/** A reply this intake kept, for the announcement. */
export interface KeptReply {
  eventId: string;
  phone: string;
  text: string;
  optsOut: boolean;
}

export interface IntakeDeps {
  repo: InboxRepo;
  sent: SentMessages;
  optOuts: Pick<ContactsRepo, 'optOut'>;
  /** Records a new opt-out's confirmation SMS (when the owner turned them on); absent: none. */
  confirm?: ConfirmationRecorder;
  now: () => Date;
  log: Pick<Log, 'warn'>;
  /** After the caller's transaction: tell the window and the owner (inbox-module.ts). */
  announce(profile: string, kept: readonly KeptReply[]): void;
}

/**
 * A reply as it is kept, or null when it cannot be one (no number to
 * answer): skipped rather than failing the page, which would stop every
 * later event from being read.
 */
function readable(reply: IncomingReply, now: Date): IncomingReply | null {
  const phone = reply.phone.startsWith('+') ? reply.phone : `+${reply.phone}`;
  if (!E164.test(phone) || reply.eventId === '' || reply.eventId.length > 200) return null;
  const at = new Date(reply.receivedAt);
  return {
    eventId: reply.eventId,
    phone,
    text: reply.text.slice(0, TEXT_MAX),
    // One form for every instant kept, so they sort as text; a time that cannot be read is the arrival's.
    // Nor is it later than now: the service's clock may run ahead of this computer's, and a reply
    // stamped in the future would sort after the owner's answer to it.
    receivedAt: (Number.isNaN(at.getTime()) || at > now ? now : at).toISOString(),
  };
}

export function createReplyIntake(deps: IntakeDeps): InboxIntake {
  return {
    receive(profile, incoming) {
      const now = deps.now();
      const replies = incoming.flatMap((r) => readable(r, now) ?? []);
      if (replies.length < incoming.length) {
        deps.log.warn('inbox.repliesSkipped', { count: incoming.length - replies.length });
      }
      const origins = deps.sent.originsOf(profile, replies);
      const result: IntakeResult = { received: 0, optedOut: 0, phones: [] };
      const phones = new Set<string>();
      const kept: KeptReply[] = [];
      replies.forEach((reply, i) => {
        const optsOut = isOptOutReply(reply.text);
        const fresh = deps.repo.keep(
          profile,
          { ...reply, optsOut, origin: origins[i] ?? null },
          now.toISOString(),
        );
        if (!fresh) return;
        result.received++;
        phones.add(reply.phone);
        kept.push({ eventId: reply.eventId, phone: reply.phone, text: reply.text, optsOut });
        if (optsOut) {
          const { added } = deps.optOuts.optOut(
            profile,
            { phones: [reply.phone] },
            'reply',
            reply.text,
            reply.receivedAt,
          );
          result.optedOut += added;
          if (added > 0) deps.confirm?.(profile, reply, now);
        }
      });
      result.phones = [...phones];
      if (kept.length > 0) deps.announce(profile, kept);
      return result;
    },
  };
}
