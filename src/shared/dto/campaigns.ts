/** Campaign shapes that cross IPC (outputs of the campaigns channels and events). */
import type { ErrorCode } from '../app-error';
import type { SmsEncoding } from '../sms-segments';
import type { ShortLinkCount } from './links';
import type { BlockedCount, RuleCounts } from './rules';
import type { TemplateProblem } from '../template';
import type { FieldFallbackView, TemplateCheckView } from './templates';

export type CampaignStatus = 'draft' | 'queued' | 'sending' | 'paused' | 'held' | 'completed' | 'cancelled';

export type BatchState = 'queued' | 'sending' | 'accepted' | 'held' | 'failed' | 'cancelled';

/** Link tracking values (ASSUMED on the wire: see core/api/wire.ts). */
export type LinkTracking = 'none' | 'shorten' | 'track';

export interface CampaignAudience {
  listIds: string[];
  contactIds: string[];
  /** Saved segments (worked out when the campaign is counted and when it is sent). */
  segmentIds: string[];
}

export interface CampaignOptions {
  /** From the catalogue (`campaigns:smsTypes`); null: the service's default type. */
  smsTypeId: number | null;
  /** Sender (`from`); null: the service's default. */
  from: string | null;
  /**
   * When to send: `YYYY-MM-DDTHH:MM` on each recipient's own clock, or an
   * instant (ISO 8601 with milliseconds and Z); null: now. The sending rules
   * (shared/rules/schedule.ts) may move each message later.
   */
  scheduleAt: string | null;
  /** The clock the campaign's times are shown on to the owner (holds, notifications); America/Sao_Paulo. */
  timeZone: string;
  flash: boolean;
  linkTracking: LinkTracking;
  /** Per-send status callback (`urlCallback`); https only. */
  callbackUrl: string | null;
  /** Replace accented letters with plain ones so the text stays in GSM-7 (cheaper). */
  plainLetters: boolean;
}

export interface CampaignDraftFields {
  name: string;
  /** Text with merge fields: `{{nome}}`, any custom field, `{{campo|fallback}}`. */
  template: string;
  audience: CampaignAudience;
  options: CampaignOptions;
}

export type HoldCode =
  'insufficient_balance' | 'outside_send_window' | 'keeps_failing' | 'rejected' | 'not_signed_in';

/** Why a campaign (or a batch) waits, in words the UI can show with what to do. */
export interface HoldView {
  code: HoldCode;
  message: string;
  /** insufficient_balance: R$ still needed for the next batch (or the whole campaign when partial sends are off). */
  needed?: number;
  /** outside_send_window: when the window opens (ISO). */
  until?: string;
  /** The batch it concerns, when it is one batch. */
  batch?: number;
}

export interface CampaignTotals {
  recipients: number;
  messages: number;
  segments: number;
  /**
   * R$ per segment at freeze (the SMS type's sale price when set). null: frozen
   * offline before the price list was ever read, so the price is not known here.
   */
  unitPrice: number | null;
  /** R$, rounded to centavos; null when the unit price is not known. */
  cost: number | null;
  /** What the sending rules did at freeze; null for a campaign frozen before they existed. */
  rules: RuleCounts | null;
}

/**
 * Where the accepted messages are, by the service's own counts (the send
 * summaries Torpedo last read). `final`: the service said every one reached
 * a final state and nothing is left to send; until then a campaign whose
 * batches have all gone out is still delivering, not finished.
 */
export interface CampaignDeliveryView {
  delivered: number;
  failed: number;
  /** Accepted and not delivered or failed yet (including sends not read yet). */
  onTheWay: number;
  final: boolean;
}

export interface CampaignProgressView {
  campaignId: string;
  status: CampaignStatus;
  batches: Record<BatchState, number> & { total: number };
  messages: { accepted: number; total: number };
  delivery: CampaignDeliveryView;
  hold: HoldView | null;
  /** Seconds until every batch is accepted at the current pace; null when unknown or not sending. */
  etaSeconds: number | null;
  /**
   * The money, by where the messages stand: the service debits a batch when it accepts it, so
   * `charged` is the accepted batches; `pending` is what the ones still to go out (queued,
   * sending, held) will cost. Failed and cancelled batches were never charged.
   */
  spend: CampaignSpend;
  /**
   * Messages whose own time is still ahead (the sending rules put each on its recipient's clock, or
   * the owner chose a time): those waiting in the outbox for their time (not charged yet: a batch
   * leaves when its time comes, so whoever opts out meanwhile is taken out) and those the service
   * already accepted and holds until then (charged). Null: none.
   */
  scheduled: ScheduledPart | null;
  /** Messages taken out as their batch left, by why (they opted out or were blocked after the send). */
  removed: RemovedCounts | null;
  updatedAt: string;
}

export interface ScheduledPart {
  messages: number;
  /** The first and the last of those schedules (instants, ISO 8601). */
  firstAt: string;
  lastAt: string;
  /** Of `messages`, those the service already accepted (and charged), holding them until their time. */
  charged: number;
  /** Nothing of the campaign goes now: everything not sent yet waits for these times. */
  waitsAll: boolean;
}

/** Messages taken out of a campaign at the last moment, by why; none was sent or charged. */
export interface RemovedCounts {
  optedOut: number;
  /** Per list that blocked them (rules/block-list-kinds.ts: blockedTotal sums them). */
  blocked: BlockedCount[];
  cap: number;
  /** People erased at their request (LGPD) after the campaign was frozen. */
  erased: number;
}

export interface CampaignSpend {
  charged: SpendPart;
  pending: SpendPart;
}

export interface SpendPart {
  messages: number;
  /** SMS (parts) the service counts. */
  segments: number;
  /** R$; null when the price was not known at the freeze. */
  cost: number | null;
}

export interface CampaignView extends CampaignDraftFields {
  id: string;
  status: CampaignStatus;
  allowPartial: boolean;
  createdAt: string;
  updatedAt: string;
  queuedAt: string | null;
  finishedAt: string | null;
  /** Set when the campaign was frozen (sent); null for a draft. */
  totals: CampaignTotals | null;
  progress: CampaignProgressView | null;
}

export interface CampaignSummaryView {
  id: string;
  name: string;
  status: CampaignStatus;
  updatedAt: string;
  queuedAt: string | null;
  totals: CampaignTotals | null;
  progress: CampaignProgressView | null;
}

/** Who a campaign would reach, after removals (counts shown in the composer). */
export interface AudienceView {
  /** Contacts selected through lists and by hand, before removals. */
  selected: number;
  /** Removed: the number is on the opt-out list. */
  optedOut: number;
  /** Removed: a fixed line (landline), which no SMS reaches. */
  landlines: number;
  /** Removed: the same number reached through another list or contact. */
  duplicates: number;
  /**
   * Removed: the number is on a block list, per list (counted under the first
   * list that has it: Procon-SP's, Procon-AL's, Procon-Carioca's, then the owner's);
   * only lists that remove someone.
   */
  blocked: BlockedCount[];
  /** Removed: the person has had the frequency cap's messages in its days (0 while the cap is off). */
  capped: number;
  /** What the campaign sends to. */
  recipients: number;
}

export interface SegmentView {
  encoding: SmsEncoding;
  units: number;
  segments: number;
  perSegment: number;
  /** The characters that forced UCS-2, each once. */
  nonGsmChars: string[];
}

export interface CampaignPreviewView {
  /** 0-based index among the recipients, and how many there are. */
  index: number;
  total: number;
  /** The recipient with every value a merge field can use, so the composer can merge on each keystroke exactly. */
  recipient: {
    contactId: string;
    name: string;
    phone: string;
    email: string | null;
    /** Custom fields by their stored key (the slug `{{Cidade}}` reads as `cidade`), as text. */
    fields: Record<string, string>;
  } | null;
  /** The message this recipient gets (after merging and, when chosen, plain letters). */
  text: string;
  segments: SegmentView;
  /** Merge fields this recipient has no value for and no fallback (the text shows them empty). */
  missingFields: string[];
}

export interface CampaignEstimateView {
  recipients: number;
  messages: number;
  segments: number;
  /** Messages by encoding, after merging. */
  encodings: Record<SmsEncoding, number>;
  /** The most segments one message takes. */
  maxSegments: number;
  smsType: SmsTypeView | null;
  unitPrice: number | null;
  cost: number | null;
  /** The balance, when known (it may be stale offline). */
  balance: number | null;
  /** R$ missing to send the whole campaign; 0 when covered. */
  shortfall: number | null;
  /** Messages longer than the service takes (1600 characters) after merging. */
  tooLong: number;
  /** A tracked campaign's addresses were counted as short links of this length; null: as written. */
  shortLinks: ShortLinkCount | null;
  /** Who the sending rules leave out, and whose message they move later (were it sent now). */
  rules: RuleCounts;
  /**
   * When the first and the last message would go out (ISO), were it sent
   * now; null when every message would go at once (sent now, nothing
   * moved) or there is nobody. Differ when recipients are on several clocks
   * or the rules move some.
   */
  firstAt: string | null;
  lastAt: string | null;
  /** The clock (IANA zone) of the first and of the last recipient: each reads its time there. */
  firstZone: string | null;
  lastZone: string | null;
  /** What the send refuses in the text for this audience (shared/template-check.ts); empty: nothing. */
  problems: TemplateProblem[];
  /** Per field as typed, the recipients without its value: they get its fallback. */
  fallbacks: FieldFallbackView[];
  /** The message that takes the most segments, as it goes out, counted; null: nobody. */
  worst: TemplateCheckView['worst'];
}

export interface SmsTypeView {
  id: number;
  name: string;
  price: number;
  sale: number | null;
  /** What one segment costs: the sale price when set, else the price. */
  unitPrice: number;
}

export interface MergeFieldView {
  /** What goes between the braces. */
  key: string;
  /** Contacts (of the audience) with a value for it. */
  filled: number;
}

export interface TestSendResult {
  sendId: string;
  phone: string;
  segments: number;
}

/** One campaign of the outbox at a glance (`campaigns:outbox`). */
export interface OutboxCampaignView {
  id: string;
  name: string;
  status: CampaignStatus;
  hold: HoldView | null;
  batches: Record<BatchState, number> & { total: number };
  messages: { accepted: number; total: number };
}

export interface OutboxView {
  /**
   * True when no batch is in flight or awaiting reconcile, and no batch is
   * queued in a campaign that may send: what is left (held or paused
   * campaigns) waits for credit, the sending hours, a sign-in or the user.
   * (A credit hold the balance now covers is lifted as soon as the balance
   * is read: `torpedo worker` reads it once at start, before asking this.)
   */
  idle: boolean;
  /** Campaigns still under way (queued, sending, paused, held), and those finished since `since`. */
  campaigns: OutboxCampaignView[];
  /** Who delivers this folder's campaigns now (one worker at a time, across processes); null when none does. */
  worker: OutboxWorkerView | null;
  /** Why this process's delivery cannot go on (a full disk...), as `campaigns:deliveryStalled` said; null when it goes on. */
  stalled: DeliveryStallView | null;
}

/** The worker holding the data folder's delivery: this process, or another (the app, another terminal). */
export interface OutboxWorkerView {
  /** This very process (the core that answered). */
  here: boolean;
  pid: number;
  /** The computer's name; `sameComputer` when it is this one. */
  host: string;
  sameComputer: boolean;
}

/**
 * The outbox worker cannot go on (a full disk, a data folder it cannot
 * write, a damaged file): it keeps trying, and says why it waits. Nothing is
 * lost or sent twice meanwhile.
 */
export interface DeliveryStallView {
  /** The error's code (`disk_full`, `data_read_only`, `data_damaged`, `internal_error`...). */
  code: ErrorCode;
  /** English fallback; the window words it from the code. */
  message: string;
  /** The underlying code, for support (`SQLITE_FULL`). */
  reason?: string;
  /** Since when (ISO). */
  since: string;
}
