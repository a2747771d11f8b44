/**
 * The replies part of the IPC contract ("Respostas", merged into
 * ../ipc-contract.ts): one conversation per number, read from what the
 * server domain brought in; mark handled; answer with one SMS.
 *
 * A reply from the inbox is one SMS to one number with the sending rules
 * applied (the business name in front, the window, Sundays, holidays, block
 * lists, opt-outs), charged like any message. Errors: `number_blocked`
 * (opted out or on a block list: params `source`), `outside_sending_hours`
 * (params `until`: when it could go), `not_found` (no conversation with that
 * number), `invalid_input`, `not_signed_in`, the service's codes.
 */
import { z } from 'zod';
import type {
  ConversationView,
  InboxChangedEvent,
  InboxListView,
  InboxReplyEstimate,
  InboxReplyResult,
  OptOutConfirmationView,
} from '../dto/inbox';
import { channel, event, none } from './channel';

export const INBOX_ERRORS = {
  outsideSendingHours: 'outside_sending_hours',
} as const;

/**
 * A phone in any format (the page passes the E.164 it was given; the CLI what the owner typed): the
 * core reads it with the app's phone reader, Brazilian unless it starts with +.
 */
const phone = z.string().trim().min(1, 'Enter a phone number').max(64);
/** One SMS's worth of text, loosely: the estimate says how many segments it really takes. */
export const INBOX_REPLY_MAX = 1000;
const replyText = z.string().trim().min(1, 'Write the reply').max(INBOX_REPLY_MAX);

export const inboxListInput = z.strictObject({
  /** Matches the name, the number or the text of a message. */
  search: z.string().trim().max(100).optional(),
  unreadOnly: z.boolean().default(false),
  limit: z.number().int().min(1).max(500).default(200),
});
export const inboxPhoneInput = z.strictObject({ phone });
export const inboxHandledInput = z.strictObject({ phone, handled: z.boolean() });
export const inboxReplyInput = z.strictObject({ phone, message: replyText });

export const inboxContract = {
  /** Conversations, newest first. */
  'inbox:list': channel<typeof inboxListInput, InboxListView>(inboxListInput),
  /** One conversation: every reply and every message sent to the number, oldest first. */
  'inbox:conversation': channel<typeof inboxPhoneInput, ConversationView>(inboxPhoneInput),
  /** Handled (true) marks its replies read; false brings it back as unread. */
  'inbox:markHandled': channel<typeof inboxHandledInput, ConversationView>(inboxHandledInput),
  /** What a reply would cost and whether it may go now (the composer's line under the box). */
  'inbox:replyEstimate': channel<typeof inboxReplyInput, InboxReplyEstimate>(inboxReplyInput),
  'inbox:reply': channel<typeof inboxReplyInput, InboxReplyResult>(inboxReplyInput),
  /**
   * The SMS that confirms an opt-out by reply (on or off: the sending rule
   * `optOutConfirmation`), its text now and what each costs.
   */
  'inbox:optOutConfirmation': channel<typeof none, OptOutConfirmationView>(none),
};

export const inboxEvents = {
  /** New replies arrived (a desktop notification goes with it). */
  'inbox:changed': event<InboxChangedEvent>(),
};

export type InboxChannel = keyof typeof inboxContract;
