/** Replies from customers ("Respostas", contract/inbox.ts). */

/** What a reply answers: the last campaign or automation message sent to that number before it. */
export interface ReplyOrigin {
  kind: 'campaign' | 'automation' | 'reply' | 'test';
  /** The campaign's or automation's id (null for a reply sent from the inbox or a test). */
  id: string | null;
  name: string | null;
}

export interface ConversationSummary {
  /** E.164. */
  phone: string;
  /** The contact's name, null when the number is not a contact. */
  name: string | null;
  /** The last message of the conversation (theirs or ours). */
  lastText: string;
  lastDirection: 'in' | 'out';
  /** ISO instant of the last message. */
  lastAt: string;
  /** The customer's clock (IANA zone, from the number's DDD) to show times in. */
  timeZone: string;
  /** Their replies not yet marked handled. */
  unread: number;
  handled: boolean;
  /** The number opted out (by reply or otherwise). */
  optedOut: boolean;
  /** What their last reply answers. */
  origin: ReplyOrigin | null;
  /** Their last reply (the CLI's list prints it; `lastText` may be ours). */
  lastReply: { text: string; at: string };
}

export interface ConversationMessage {
  id: string;
  direction: 'in' | 'out';
  text: string;
  /** ISO instant: received (in) or accepted by the service (out). */
  at: string;
  origin: ReplyOrigin | null;
  /** For an incoming reply that opted the number out. */
  optOut: boolean;
  /** For a message sent from the inbox: its segments (what was charged). */
  segments: number | null;
}

export interface ConversationView extends ConversationSummary {
  messages: ConversationMessage[];
  /** The opt-out, when there is one: when, how, and the reply's words when it came by reply. */
  optOut: { at: string; source: 'contact' | 'import' | 'manual' | 'reply'; text: string | null } | null;
}

export interface InboxListView {
  conversations: ConversationSummary[];
  /** Conversations with unread replies (the navigation's badge). */
  unread: number;
  /** False when no server is connected: replies cannot arrive (the page says so). */
  serverConnected: boolean;
}

/** `inbox:replyEstimate` / `inbox:reply`. */
export interface InboxReplyEstimate {
  /** The text as it will leave (the business name prefix and rules applied). */
  text: string;
  segments: number;
  /** In BRL; null while the SMS prices were never read (offline since sign-in). */
  cost: number | null;
  /**
   * Null when the reply may go now; otherwise the error code `inbox:reply`
   * would fail with (`number_blocked`, `outside_sending_hours`) and, for the
   * hours, when it could go (ISO).
   */
  refused: { code: 'number_blocked' | 'outside_sending_hours'; until: string | null } | null;
}

export interface InboxReplyResult {
  sendId: string;
  /** The number it went to (E.164, as read from what was typed). */
  phone: string;
  segments: number;
  /** In BRL; null when the SMS prices were not known. */
  cost: number | null;
}

/** `inbox:optOutConfirmation`: the SMS that confirms an opt-out by reply, as it would go now, and its price. */
export interface OptOutConfirmationView {
  /** Whether the owner turned it on (a sending rule). */
  on: boolean;
  text: string;
  segments: number;
  /** In BRL, one SMS of the account's default type per segment; null while the prices were never read. */
  cost: number | null;
}

export interface InboxChangedEvent {
  /** Numbers with a new reply. */
  phones: string[];
  unread: number;
}
