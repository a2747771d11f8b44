/**
 * Erasing one person at their request (core/privacy): the replies they wrote
 * go (their words are theirs, and nothing counts them but the inbox); the
 * answers the shop sent them keep their cost and time (what was spent stays
 * right) and lose the number (the erase's anonymous token) and the text.
 * Opt-out confirmations owed or sent to them go too: one not sent yet is
 * never sent (an erased person gets nothing), one sent already has its cost
 * in inbox_sends.
 */
import type { Database } from '../db/open-database';

export function createInboxForget(db: Database, erasedText: string) {
  const s = {
    replies: db.prepare<[string, string]>('DELETE FROM inbox_replies WHERE profile = ? AND phone = ?'),
    sends: db.prepare<[string, string, string, string]>(
      'UPDATE inbox_sends SET phone = ?, text = ? WHERE profile = ? AND phone = ?',
    ),
    confirmations: db.prepare<[string, string]>(
      'DELETE FROM opt_out_confirmations WHERE profile = ? AND phone = ?',
    ),
  };
  /** Call inside the caller's transaction; returns the rows changed. */
  return (
    profile: string,
    phone: string,
    token: string,
  ): { replies: number; inboxSends: number; optOutConfirmations: number } => ({
    replies: s.replies.run(profile, phone).changes,
    inboxSends: s.sends.run(token, erasedText, profile, phone).changes,
    optOutConfirmations: s.confirmations.run(profile, phone).changes,
  });
}
