/**
 * Which opt-outs get a confirmation, with what text, and when it may go.
 *
 * When: a confirmation goes at once, whatever the hour, when the reply is
 * fresh: it is the answer to the customer's own message, sent while they
 * still hold the phone (LGPD art. 8 §5 asks withdrawing consent to be as
 * easy as giving it, and the mobile marketing code lets a transactional
 * answer go outside the marketing hours). A reply read late (the computer
 * was off, the server unreachable) is no longer a conversation: its
 * confirmation waits for the sending window on the customer's clock, as a
 * reply from the inbox would, so nobody is woken at 03:00 by an answer to a
 * message of yesterday evening.
 *
 * Only when the reply opted the number out now: a second "SAIR" from a
 * number already out gets none (one confirmation, not an echo per word).
 */
import type { AppLanguage } from '../../shared/app-language';
import { optOutConfirmationText } from '../../shared/inbox/opt-out-confirmation';
import { scheduleFor } from '../../shared/rules/schedule';
import type { SendingRules } from '../../shared/rules/sending-rules';
import type { ConfirmationsRepo } from './confirmations-repo';

/** A reply read within this long after the customer sent it is answered at once. */
export const FRESH_REPLY_MS = 30 * 60_000;

export interface OptOutByReply {
  eventId: string;
  phone: string;
  /** ISO: when the service received the reply. */
  receivedAt: string;
}

export interface ConfirmationRecorderDeps {
  repo: Pick<ConfirmationsRepo, 'pend'>;
  rules: () => SendingRules;
  language: () => AppLanguage;
}

/** Records the confirmation of a new opt-out by reply, if the owner turned them on; inside the intake's transaction. */
export function createConfirmationRecorder(deps: ConfirmationRecorderDeps) {
  return (profile: string, optOut: OptOutByReply, now: Date): boolean => {
    const rules = deps.rules();
    if (!rules.optOutConfirmation) return false;
    const fresh = now.getTime() - Date.parse(optOut.receivedAt) <= FRESH_REPLY_MS;
    const notBefore = fresh
      ? now
      : scheduleFor({ phone: optOut.phone, zone: null }, { kind: 'now' }, rules, now).at;
    deps.repo.pend(profile, {
      eventId: optOut.eventId,
      phone: optOut.phone,
      text: optOutConfirmationText(rules.prefix, deps.language()),
      createdAt: now.toISOString(),
      notBefore: notBefore.toISOString(),
    });
    return true;
  };
}

export type ConfirmationRecorder = ReturnType<typeof createConfirmationRecorder>;
