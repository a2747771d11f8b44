/**
 * Automations: birthday and recurring sends that the app hands to the
 * service ahead of time (each message with its own `schedule`), so they go
 * out with the computer off, exactly once, with their cost known ahead.
 */
import type { CampaignDeliveryView, HoldCode } from './campaigns';

export type AutomationKind = 'birthday' | 'recurring';
export type AutomationStatus = 'active' | 'paused';

export type AutomationWeekday = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

/** Who an automation writes to: everyone (opted-out numbers never), one list, or one segment. */
export type AutomationAudience =
  { kind: 'everyone' } | { kind: 'list'; listId: string } | { kind: 'segment'; segmentId: string };

export type AutomationEvery =
  | { unit: 'day' }
  | { unit: 'week'; weekdays: AutomationWeekday[] }
  /** The day of the month; past a shorter month's end, its last day. */
  | { unit: 'month'; day: number };

export interface BirthdayRule {
  kind: 'birthday';
  /** `HH:MM` on the recipient's clock. */
  at: string;
  /** Greet this many days ahead of the birthday (0: on the day). */
  daysBefore: number;
}

export interface RecurringRule {
  kind: 'recurring';
  at: string;
  every: AutomationEvery;
  /** `YYYY-MM-DD`: the first date it sends on. */
  from: string;
  /** `YYYY-MM-DD`: the last date it sends on; null: no end. */
  until: string | null;
}

export type AutomationRule = BirthdayRule | RecurringRule;

export interface AutomationView {
  id: string;
  name: string;
  kind: AutomationKind;
  status: AutomationStatus;
  /** The template it follows; null once that template was deleted (it keeps the last text). */
  templateId: string | null;
  templateName: string | null;
  /** The text the next occurrence will use (the template's, or the last one taken from it). */
  text: string;
  audience: AutomationAudience;
  /** The list's or segment's name; null for everyone, or when it no longer exists. */
  audienceName: string | null;
  rule: AutomationRule;
  /**
   * The next occurrence whose time is ahead (within a year), with how many
   * it goes to as of now, and whether it is already with the service
   * (handed over: final); null: none (paused, ended, or nobody to greet).
   */
  next: { date: string; at: string; recipients: number; handedOver: boolean } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Why a recipient (or a whole occurrence) was not handed over:
 * - `opted_out`: the number opted out before the hand-over;
 * - `left_audience`: no longer in the list or segment (or deleted) at the hand-over;
 * - `birthday_changed`: the birthday was edited to another day;
 * - `already_greeted`: another birthday automation greeted them this year;
 * - `computer_off`: the app and `torpedo worker` were not running until after its day;
 * - `balance`: handed to the outbox, but the credit did not cover it before its day ended;
 * - `not_sent`: handed to the outbox, but its day ended while it waited for something else
 *   (a sign-in, the service refusing it);
 * - `template_missing`: the template is gone and nothing was ever taken from it;
 * - `message_too_long`, `message_empty`: this recipient's message, merged, is more than the
 *   service takes, or nothing at all (a text made only of empty fields);
 * - `nobody`: a recurring occurrence whose list or segment had nobody in it;
 * - `blocked`, `over_cap`: the sending rules leave the number out (a block list, the frequency cap);
 * - `outside_rules`: the sending rules (hours, Sundays, holidays) would move it past its day.
 */
export type SkipReason =
  | 'opted_out'
  | 'left_audience'
  | 'birthday_changed'
  | 'already_greeted'
  | 'computer_off'
  | 'balance'
  | 'not_sent'
  | 'template_missing'
  | 'message_too_long'
  | 'message_empty'
  | 'nobody'
  | 'blocked'
  | 'over_cap'
  | 'outside_rules';

/**
 * Where an occurrence stands: `waiting` (worked out, not handed over yet),
 * `queued` (in the outbox, on its way to the service), `held` (in the outbox,
 * waiting for credit or a sign-in), `handed_over` (accepted by the service:
 * final, it cannot be taken back), `skipped` (nothing of it will go).
 */
export type OccurrenceState = 'waiting' | 'queued' | 'held' | 'handed_over' | 'skipped';

export interface OccurrenceView {
  /** `YYYY-MM-DD`: the date it is for. */
  date: string;
  /** When it goes out (Brasília time's instant; each recipient's own clock decides theirs). */
  at: string;
  state: OccurrenceState;
  /** Why the whole occurrence was skipped, or why its outbox waits (a hold). */
  reason: SkipReason | null;
  hold: HoldCode | null;
  /** Recipients handed over (or to be, while waiting). */
  recipients: number;
  /** Recipients left out, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
  /** R$ it took (or will take) from the balance; null while no price is known. */
  cost: number | null;
  segments: number;
  /** The outbox's campaign that carries it (its report in the history), once handed over. */
  campaignId: string | null;
  /** What the service says of the messages handed over (null before). */
  delivery: CampaignDeliveryView | null;
  /** When it was handed to the outbox. */
  handedAt: string | null;
}

export interface AutomationLogView {
  automation: AutomationView;
  /** The coming occurrences (next first, up to 7 days ahead), as they would go now. */
  upcoming: OccurrenceView[];
  /** Past and handed-over occurrences, newest first. */
  occurrences: OccurrenceView[];
  /** More occurrences are kept than returned. */
  more: boolean;
}

export type RecipientState = 'waiting' | 'queued' | 'handed_over' | 'skipped';

export interface OccurrenceRecipientView {
  contactId: string;
  name: string;
  phone: string;
  state: RecipientState;
  reason: SkipReason | null;
}

export interface OccurrenceRecipientsView {
  date: string;
  rows: OccurrenceRecipientView[];
  total: number;
  offset: number;
  limit: number;
}

export interface ForecastDayView {
  /** `YYYY-MM-DD`. */
  date: string;
  messages: number;
  segments: number;
  /** R$ still to be paid (occurrences not handed over yet); null while no price is known. */
  cost: number | null;
  /**
   * R$ of this day's occurrences already handed over: debited then (the service holds their
   * messages until their time). Not in `messages`, `segments` nor `cost`.
   */
  paid: number;
}

export interface ForecastView {
  /** From today (Brasília time) for `days` days. */
  from: string;
  days: number;
  /** The automation it is for; null: all active ones together. */
  automationId: string | null;
  messages: number;
  /** Birthday greetings among the messages. */
  birthdays: number;
  /**
   * When the window greets no birthday: how many contacts of the birthday automations' audiences
   * have a birthday on record at all (0: none, so import a birthday column). Null when a greeting
   * is ahead or none of the automations is a birthday one.
   */
  birthdaysOnRecord: number | null;
  segments: number;
  /**
   * R$ still to be paid: the occurrences not handed over yet (what the balance is held against);
   * null while no price is known (the SMS types were never read).
   */
  cost: number | null;
  /** R$ of the window's occurrences already handed over and debited; not in `messages`, `birthdays`, `segments` nor `cost`. */
  paid: number;
  perDay: ForecastDayView[];
  /** The balance it was held against (last known); null when never read. */
  balance: number | null;
  /** Auto-recharge was on (with a card) and counted as topping the balance up. */
  autoRecharge: boolean;
  /** The last day the balance covers whole; null when it covers every day, or no price/balance is known. */
  coveredUntil: string | null;
  /** The first day it does not cover; null when it covers every day. */
  shortOn: string | null;
  /** The first day the balance falls under the low-balance alert's threshold (the alert on); null: never. */
  lowBalanceOn: string | null;
}

/** What one hand-over round did. */
export interface AutomationRunResult {
  /** Occurrences handed to the outbox in this round. */
  handedOver: number;
  /** Messages in them. */
  messages: number;
  /** Occurrences skipped in this round (their day was over). */
  skipped: number;
}

export interface AutomationTestSendResult {
  sendId: string;
  /** E.164 of the number it went to. */
  phone: string;
  /** The text it carried (the next occurrence's, for its first recipient, or with the fallbacks). */
  message: string;
  /** The occurrence it previewed. */
  date: string | null;
}

export interface AutomationsChangedEvent {
  automationIds: string[];
}
