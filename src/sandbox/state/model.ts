/**
 * The records the sandbox keeps per account. Plain JSON-able data: the
 * persistence snapshot is these records as they are. Money is in centavos,
 * times are simulated epoch milliseconds.
 */

export interface SmsTypeRecord {
  id: number;
  name: string;
  priceCents: number;
  saleCents: number | null;
}

export interface PlanRecord {
  id: string;
  quantity: number;
  /** List price per SMS. */
  priceCents: number;
  /** Sale price per SMS, when on sale. */
  saleCents: number | null;
  popular: boolean;
}

export interface CardRecord {
  id: string;
  number: string;
  name: string;
  alias: string | null;
  validate: string;
  flag: string;
  default: boolean;
}

export type MessageOutcome = 'delivered' | 'failed';
export type MessageStatus = 'scheduled' | 'queued' | 'sent' | MessageOutcome;

export interface MessageRecord {
  id: string;
  phone: string;
  message: string;
  reference: string | null;
  from: string | null;
  characters: number;
  segments: number;
  costCents: number;
  /** Had its own schedule. */
  scheduled: boolean;
  /** The schedule it was given (ms; may be before acceptance); null or absent (older saves): none. */
  scheduleAt?: number | null;
  /** When it leaves the queue: its schedule, or acceptance. */
  startAt: number;
  sentAt: number;
  finalAt: number;
  outcome: MessageOutcome;
  /** Failure code once failed (`undelivered`, `invalid_number`); null otherwise. */
  code: string | null;
}

export interface SendRecord {
  id: string;
  number: number;
  createdAt: number;
  smsTypeId: number;
  typeName: string;
  urlCallback: string | null;
  flashSms: boolean;
  linkTracking: string | null;
  scheduled: boolean;
  /** Earliest schedule among the messages; null when none had one. */
  scheduleAt: number | null;
  costCents: number;
  segments: number;
  characters: number;
  minStartAt: number;
  minSentAt: number;
  maxFinalAt: number;
  messages: MessageRecord[];
}

export type InvoiceStatus = 'paid' | 'pending';

export interface InvoiceRecord {
  uuid: string;
  /** The invoice's number, an integer as the SDKs type it (facts, Billing). */
  displayId: number;
  quantity: number;
  totalCents: number;
  /** What the balance gains when paid: quantity × unit price. */
  creditCents: number;
  createdAt: number;
  expiryAt: number;
  status: InvoiceStatus;
  /** When a pending invoice settles. */
  settleAt: number | null;
  paymentIntentId: string;
  cardId: string;
  cardFlag: string;
  cardLast4: string;
  source: 'purchase' | 'auto-recharge';
}

export interface ContactRecord {
  id: string;
  fullName: string;
  phone: string;
  email: string | null;
  lists: string[];
  createdAt: number;
}

export interface ListRecord {
  id: string;
  name: string;
  createdAt: number;
}

export interface ClickRecord {
  id: string;
  clickedAt: number;
  phone: string | null;
  userAgent: string | null;
}

export interface ShortLinkRecord {
  id: string;
  code: string;
  url: string;
  title: string | null;
  active: boolean;
  createdAt: number;
  clicks: ClickRecord[];
}

export interface AutoRechargeRecord {
  enabled: boolean;
  thresholdCents: number;
  planQuantity: number;
  cardId: string | null;
  alertEnabled: boolean;
  alertThresholdCents: number;
}

export interface AccountSnapshot {
  key: string;
  createdAt: number;
  balanceCents: number;
  company: { name: string; document: string | null };
  smsTypes: SmsTypeRecord[];
  plans: PlanRecord[];
  cards: CardRecord[];
  webhook: { url: string | null; secret: string };
  autoRecharge: AutoRechargeRecord;
  sends: SendRecord[];
  invoices: InvoiceRecord[];
  contacts: ContactRecord[];
  lists: ListRecord[];
  shortLinks: ShortLinkRecord[];
  counters: { send: number; invoice: number };
}
