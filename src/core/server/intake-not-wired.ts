/**
 * Until the inbox domain's intake is composed in (compose-core.ts), a page
 * holding a reply is refused rather than acknowledged: an acknowledged reply
 * leaves the server for good, so it must never be dropped here. The page's
 * transaction rolls back, the read is reported failed, and the server keeps
 * every event for the day the intake is there.
 */
import type { InboxIntake } from '../inbox/inbox-intake';

export const intakeNotWired: InboxIntake = {
  receive(_profile, replies) {
    if (replies.length === 0) return { received: 0, optedOut: 0, phones: [] };
    throw new Error('The inbox does not take replies yet: they stay on the server.');
  },
};
