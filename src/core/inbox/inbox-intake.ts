/**
 * What the server domain hands the inbox domain: the customers' replies read
 * from Torpedo Server (`sms.reply` events). The server domain calls
 * `receive` inside its own SQLite transaction, with the page's cursor saved
 * in the same transaction, so a reply and the cursor that passed it are kept
 * together or not at all.
 */
export interface IncomingReply {
  /** The service's event id: a reply read twice (a page handed over again) is kept once. */
  eventId: string;
  /** E.164 with `+` (the wire writes it without). */
  phone: string;
  text: string;
  /** ISO instant the service received it. */
  receivedAt: string;
}

export interface IntakeResult {
  /** Replies not kept before. */
  received: number;
  /** Numbers opted out by these replies (SAIR, PARE, …), not opted out before. */
  optedOut: number;
  /** Numbers with a new reply (for `inbox:changed` and the notification). */
  phones: string[];
}

export interface InboxIntake {
  /** Synchronous (inside the caller's transaction); idempotent by `eventId`. */
  receive(profile: string, replies: readonly IncomingReply[]): IntakeResult;
}
