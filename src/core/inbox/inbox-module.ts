import type { InboxChannel } from '../../shared/contract/inbox';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { ConversationView } from '../../shared/dto/inbox';
import { AppFailure } from '../app-failure';
import { checkPhone, type ContactsRepo } from '../contacts/contacts-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import type { RulesModule } from '../rules/rules-module';
import { optOutConfirmationText } from '../../shared/inbox/opt-out-confirmation';
import { countSegments } from '../../shared/sms-segments';
import { costReais, pricingOf } from '../campaigns/campaigns-module';
import { mayAskService } from '../account/account-module';
import { createConfirmationSender } from './confirmation-sender';
import { createConfirmationRecorder } from './confirmation-timing';
import { createConfirmationsRepo } from './confirmations-repo';
import { createConversations } from './conversations';
import type { InboxIntake } from './inbox-intake';
import { createInboxRepo } from './inbox-repo';
import { createInboxReplies } from './inbox-reply';
import { createReplyAnnouncer } from './reply-announcer';
import { createReplyIntake } from './reply-intake';
import { createSentMessages } from './sent-messages';

export type { IncomingReply, InboxIntake, IntakeResult } from './inbox-intake';
/** Erasing one person (core/privacy): this domain's part. */
export { createInboxForget } from './forget-person';

export interface InboxModule extends CoreModule<InboxChannel> {
  /** What the server domain hands the replies it reads to (inside its own transaction). */
  intake: InboxIntake;
  /** Conversations with unread replies (the server status's count). */
  unread(profile: string): number;
}

export interface InboxParts {
  /** The contacts' opt-out writer: a SAIR reply opts its number out through it. */
  optOuts: Pick<ContactsRepo, 'optOut'>;
  /** The sending rules and who may receive a message (a reply from the inbox, an opt-out's confirmation). */
  rules: Pick<RulesModule, 'rules' | 'excluded' | 'blockedBy'>;
  /** Whether this profile is paired with a Torpedo Server (replies can arrive only then). */
  serverConnected(profile: string): boolean;
}

/**
 * Replies ("Respostas", issue 33): the customers' answers the server domain
 * reads from Torpedo Server, one conversation per number, with what each
 * answers; opt-out by reply; the owner's answer, one SMS with the sending
 * rules applied; the optional SMS that confirms an opt-out by reply, sent
 * exactly once (confirmation-sender.ts). The one writer of inbox_replies,
 * inbox_sends and opt_out_confirmations.
 */
export function createInboxModule(
  deps: Pick<
    ModuleDeps,
    'db' | 'session' | 'account' | 'connectivity' | 'events' | 'host' | 'log' | 'now' | 'language' | 'profile'
  >,
  parts: InboxParts,
): InboxModule {
  const repo = createInboxRepo(deps.db);
  const sent = createSentMessages(deps.db);
  const conversations = createConversations(deps.db, repo, sent);
  const replies = createInboxReplies({ ...deps, rules: parts.rules, repo, conversations });

  const announced = createReplyAnnouncer({ ...deps, repo, conversations });
  const confirmations = createConfirmationsRepo(deps.db, repo);
  const sender = createConfirmationSender({ ...deps, repo: confirmations, rules: parts.rules });
  const confirm = createConfirmationRecorder({
    repo: confirmations,
    rules: () => parts.rules.rules(),
    language: deps.language,
  });
  const announce: typeof announced = (profile, kept) => {
    announced(profile, kept);
    // After the intake's transaction (the next turn): an opt-out's confirmation goes as soon as it committed.
    if (kept.some((r) => r.optsOut))
      kicked = new Promise((resolve) => setImmediate(() => void sender.kick(profile).then(resolve)));
  };
  /** The kick an intake asked for; stopping waits for it (the CLI's sync closes the core right after). */
  let kicked: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;

  /** The stored number of a conversation, from the number as given (any format). */
  const storedPhone = (text: string): string => {
    const phone = checkPhone(text);
    if (!phone.ok) {
      throw new AppFailure(APP_ERROR_CODES.invalidInput, phone.message, {
        fields: [{ field: 'phone', message: phone.message }],
        reason: `phone_${phone.reason}`,
      });
    }
    return phone.e164;
  };
  const conversation = (profile: string, phone: string): ConversationView => {
    const view = conversations.conversation(profile, phone);
    if (!view) throw new AppFailure(APP_ERROR_CODES.notFound, 'This number has not written to the shop.');
    return view;
  };

  const handlers: Pick<Handlers, InboxChannel> = {
    'inbox:list': async (query) => {
      const profile = deps.profile();
      return conversations.list(profile, query, parts.serverConnected(profile));
    },
    'inbox:conversation': async ({ phone }) => conversation(deps.profile(), storedPhone(phone)),
    'inbox:markHandled': async ({ phone, handled }) => {
      const profile = deps.profile();
      const stored = storedPhone(phone);
      if (!repo.hasReplies(profile, stored)) return conversation(profile, stored); // not_found
      repo.setHandled(profile, stored, handled);
      return conversation(profile, stored);
    },
    'inbox:replyEstimate': async ({ phone, message }) => replies.estimate(deps.profile(), phone, message),
    'inbox:reply': async ({ phone, message }) => replies.send(deps.profile(), phone, message),
    'inbox:optOutConfirmation': async () => {
      const profile = deps.profile();
      const rules = parts.rules.rules();
      const text = optOutConfirmationText(rules.prefix, deps.language());
      const segments = countSegments(text).segments;
      const mayAsk = mayAskService(deps.session, deps.connectivity, profile);
      const { unitMicro } = pricingOf(await deps.account.smsTypes.known(profile, mayAsk), null);
      const cost = unitMicro === null ? null : costReais(segments, unitMicro);
      return { on: rules.optOutConfirmation, text, segments, cost };
    },
  };
  /** What a crash or a sign-out left to send (or to look for on the service) goes now. */
  const resume = () => {
    const profile = deps.session.profile;
    if (profile !== null) void sender.kick(profile);
  };

  return {
    handlers,
    intake: createReplyIntake({
      repo,
      sent,
      optOuts: parts.optOuts,
      confirm,
      now: deps.now,
      log: deps.log,
      announce,
    }),
    unread: (profile) => conversations.unread(profile),
    start() {
      sender.start();
      unsubscribe = deps.events.on((event) => {
        if (event === 'session:changed') resume();
      });
      resume();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await kicked;
      await sender.stop();
    },
    clearProfile: (profile) => {
      confirmations.clearProfile(profile);
      repo.clearProfile(profile);
    },
  };
}
