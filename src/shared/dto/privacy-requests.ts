/**
 * The register of a customer's requests under the LGPD (art. 18), each with
 * the 15 days the law gives a full answer (art. 19 II).
 */

/** Access (art. 18 II), a copy (art. 19 II), a correction (III), a deletion (VI), consent withdrawn (IX). */
export type PrivacyRequestKind = 'access' | 'copy' | 'correction' | 'deletion' | 'consent_withdrawn';

/** How the request reached the shop. */
export type PrivacyRequestChannel = 'balcao' | 'whatsapp' | 'telefone' | 'email' | 'sms' | 'outro';

export interface PrivacyRequestView {
  id: number;
  /** E.164; null once the person was erased (the request stays, without the number). */
  phone: string | null;
  kind: PrivacyRequestKind;
  channel: PrivacyRequestChannel;
  note: string | null;
  /** `YYYY-MM-DD`. */
  receivedOn: string;
  /** `YYYY-MM-DD`: received + 15 days. */
  dueOn: string;
  /** When it was answered (an instant); null: open. */
  answeredAt: string | null;
  /** How it was answered, in the owner's words. */
  answerNote: string | null;
  /**
   * Open: days until the due date in Brasília (0: due today, negative: overdue by that many);
   * null once answered.
   */
  daysLeft: number | null;
}

/** Open requests due within a few days or overdue: the overview's warning. */
export interface PrivacyRequestsDueView {
  /** Open requests whose due date is this many days away or less. */
  withinDays: number;
  /** Most urgent first. */
  requests: PrivacyRequestView[];
}
