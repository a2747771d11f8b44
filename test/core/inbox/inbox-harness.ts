/**
 * The inbox's intake as the server domain will drive it: built from its
 * real parts on a second connection to a core's data folder (the server
 * domain, which calls it inside its own transaction, is built on another
 * branch at the same time), so a test can hand a page of replies in while
 * the core itself (its dispatch, its campaigns, its worker) answers from the
 * same SQLite file. What the announcement says goes to a recording host and
 * event list of its own.
 */
import type { InboxChangedEvent } from '@shared/dto/inbox';
import type { EventName } from '@shared/ipc-contract';
import { EventHub } from '@core/kernel/event-hub';
import type { IncomingReply, IntakeResult } from '@core/inbox/inbox-module';
import { createConversations } from '@core/inbox/conversations';
import { createInboxRepo } from '@core/inbox/inbox-repo';
import { createReplyAnnouncer } from '@core/inbox/reply-announcer';
import { createReplyIntake } from '@core/inbox/reply-intake';
import { createSentMessages } from '@core/inbox/sent-messages';
import type { ComposerUnderTest } from '../campaigns/composer/composer-harness';
import { createMemoryLog } from '../../support/memory-log';
import { createRecordingHost } from '../../support/test-host';

export function inboxIntake(
  c: Pick<ComposerUnderTest, 'db' | 'contacts'>,
  opts: { language?: 'pt-BR' | 'en'; now?: () => Date } = {},
) {
  const repo = createInboxRepo(c.db);
  const sent = createSentMessages(c.db);
  const conversations = createConversations(c.db, repo, sent);
  const events = new EventHub();
  const host = createRecordingHost('pt-BR');
  const changed: InboxChangedEvent[] = [];
  events.on((event: EventName, payload) => {
    if (event === 'inbox:changed') changed.push(payload as InboxChangedEvent);
  });
  const log = createMemoryLog();
  const intake = createReplyIntake({
    repo,
    sent,
    optOuts: c.contacts,
    now: opts.now ?? (() => new Date()),
    log,
    announce: createReplyAnnouncer({
      events,
      host,
      language: () => opts.language ?? 'pt-BR',
      repo,
      conversations,
    }),
  });
  return {
    host,
    changed,
    log,
    /** One page of replies, in one transaction as the server domain keeps a page and its cursor. */
    receive: (replies: IncomingReply[], profile = 'default'): IntakeResult =>
      c.db.transaction(() => intake.receive(profile, replies))(),
    /** The same page, its transaction then rolled back (a crash before the cursor was saved). */
    receiveRolledBack(replies: IncomingReply[], profile = 'default'): void {
      try {
        c.db.transaction(() => {
          intake.receive(profile, replies);
          throw new Error('rolled back');
        })();
      } catch {
        // as intended
      }
    },
  };
}

/** Lets the announcement, made on the next turn of the event loop, happen. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let counter = 0;
/** A reply as the server domain hands it over. */
export const reply = (phone: string, text: string, receivedAt = new Date().toISOString()): IncomingReply => ({
  eventId: `evt_${Date.now()}_${++counter}`,
  phone,
  text,
  receivedAt,
});
