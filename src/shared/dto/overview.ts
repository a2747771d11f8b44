/**
 * The overview's one view (`overview:get`): "how did my campaigns do?",
 * read from the kept copy only (campaigns, their sends as last read, their
 * clicks, contacts), so it opens at once and offline. The figures are as
 * fresh as the last reads of the history and the links (their background
 * refreshes, or opening a report).
 */
import type { CampaignStatus, HoldView, ScheduledPart } from './campaigns';

export interface OverviewCampaign {
  id: string;
  name: string;
  status: CampaignStatus;
  queuedAt: string;
  /** When its first messages were accepted by the service; null while nothing has gone out. */
  sentAt: string | null;
  /**
   * All its batches went out but the service has not said every message reached a final state
   * (shared/campaign-delivering.ts `isDelivering`, as the campaigns list reads it).
   */
  delivering: boolean;
  /**
   * Accepted (and charged) messages the service holds until their own time (the sending rules, or
   * the owner's schedule), as the campaign's progress says; null: none. With `delivering`, the
   * campaign is "Agendada", not sent (shared/campaign-delivering.ts `shownCampaignStatus`).
   */
  scheduled: ScheduledPart | null;
  messages: number;
  delivered: number;
  failed: number;
  /** delivered / messages at the service so far; null before any was read. */
  deliveredRate: number | null;
  failedRate: number | null;
  /** Clicks on its links; null: the campaign does not track its links. */
  clicks: number | null;
  /**
   * R$ the service took for the messages it accepted (its own figure once read); 0 while nothing
   * went out; null when the price is unknown.
   */
  spent: number | null;
  /** R$ the messages still to go out (queued, held) will cost; 0 when none; null when unknown. */
  willCost: number | null;
}

/** One day (Brasília time) of the last 30. */
export interface OverviewDay {
  /** `YYYY-MM-DD`. */
  day: string;
  messages: number;
  clicks: number;
}

export interface OverviewPeriod {
  /** Messages of campaigns the service accepted in the period. */
  messages: number;
  /** Test messages sent in the period (counted in `spend`, shown beside `messages`). */
  testMessages: number;
  /**
   * R$ debited in the period: the campaigns' messages, the test messages and any other send read
   * in the history, each at the service's own figure once read.
   */
  spend: number;
  delivered: number;
  failed: number;
  /** delivered / (delivered + failed); null when nothing was final yet. */
  deliveryRate: number | null;
  clicks: number;
  /** clicks / delivered of the tracked campaigns; null when none delivered anything. */
  clickRate: number | null;
  days: OverviewDay[];
}

export interface OverviewWaiting {
  id: string;
  name: string;
  /** When it goes out (scheduled); null for a held one. */
  scheduleAt: string | null;
  timeZone: string;
  hold: HoldView | null;
}

/** The first steps, for a new user's checklist: import → compose → test send → send. */
export interface OverviewFirstRun {
  imported: boolean;
  composed: boolean;
  tested: boolean;
  sent: boolean;
  /** The draft to continue (the newest), when there is one. */
  draftId: string | null;
}

export interface OverviewView {
  /** The last campaigns sent, newest first. */
  recent: OverviewCampaign[];
  last30Days: OverviewPeriod;
  /** Scheduled for later, and held (with why): what may need the user. */
  waiting: OverviewWaiting[];
  contacts: number;
  optOutsThisMonth: number;
  firstRun: OverviewFirstRun;
  /** When the view was read (from the kept copy). */
  readAt: string;
}
