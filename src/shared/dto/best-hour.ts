/** The best hour to send (issue 37 item 3): shapes that cross IPC (output of bestHour:get). */
import type { Weekday } from '../rules/week-hours';

/** One hour of one weekday on the customers' own clocks, and what happened in it. */
export interface BestHourCell {
  weekday: Weekday;
  /** 0–23, on each customer's own clock. */
  hour: number;
  clicks: number;
  replies: number;
  /** (clicks + replies) of this cell over all of them: 0–1. */
  share: number;
}

export interface BestHourSuggestion {
  /** The day to send on; null: any of `days` (the general guidance names several). */
  weekday: Weekday | null;
  /** The days the suggestion holds for, in week order (one for `own`, the guidance's for `default`). */
  days: Weekday[];
  /** 0–23, on each customer's own clock, inside the sending rules. */
  hour: number;
}

export interface BestHourView {
  /** `own`: from this shop's customers' clicks and replies; `default`: general guidance, until there are enough. */
  source: 'own' | 'default';
  /** Delivered campaigns with tracked links or replies: `own` from BEST_HOUR_MIN_CAMPAIGNS on. */
  campaigns: number;
  /** Needed for `own`. */
  needed: number;
  /** Every hour with a click or a reply, most first; empty for `default`. */
  hours: BestHourCell[];
  suggestion: BestHourSuggestion;
}
