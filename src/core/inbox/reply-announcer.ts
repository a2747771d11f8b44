/**
 * Telling the window (`inbox:changed`) and the owner (a desktop
 * notification) about the replies an intake kept. The intake runs inside
 * the server domain's transaction, so this waits for the next turn of the
 * event loop, when that transaction is over, and says something only when it
 * committed: a page rolled back announces nothing, and is announced when it
 * is read again.
 */
import type { ModuleDeps } from '../kernel/core-module';
import { notifyLanguage, safeNotify } from '../notify';
import type { Conversations } from './conversations';
import type { InboxRepo } from './inbox-repo';
import { replyNotice } from './inbox-notice';
import type { KeptReply } from './reply-intake';

export function createReplyAnnouncer(
  deps: Pick<ModuleDeps, 'events' | 'host' | 'language'> & { repo: InboxRepo; conversations: Conversations },
) {
  return (profile: string, kept: readonly KeptReply[]): void => {
    setImmediate(() => {
      try {
        if (
          deps.repo.keptCount(
            profile,
            kept.map((r) => r.eventId),
          ) === 0
        )
          return;
        const phones = [...new Set(kept.map((r) => r.phone))];
        deps.events.emit('inbox:changed', { phones, unread: deps.conversations.unread(profile) });
        const named = kept.map((r) => ({
          ...r,
          name: deps.conversations.contactOf(profile, r.phone)?.name || null,
        }));
        safeNotify(deps.host, replyNotice(notifyLanguage(deps.language()), named));
      } catch {
        // A courtesy: the replies are kept and the page shows them. The core may have closed its
        // database in between (the app quitting); that must not become an uncaught error.
      }
    });
  };
}
