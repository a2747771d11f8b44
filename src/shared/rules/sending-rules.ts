/**
 * The owner's sending rules, one profile's worth: when messages may reach
 * people (the window, Sundays, holidays, each on the recipient's own
 * clock), the business name put in front of every message, the "Como
 * sair" sentence at its end (how-to-stop.ts), and how often one person may
 * be messaged. Every rule can be switched off in Settings;
 * the defaults are the strictest common practice (see docs in the closing
 * note of issue 26 and each rule's sentence in Settings).
 */
import type { HowToStopChoice } from './how-to-stop';
import { DEFAULT_WEEK_HOURS, type WeekHours } from './week-hours';

export interface FrequencyCap {
  on: boolean;
  /** At most this many messages per person... */
  messages: number;
  /** ...in any this many days. */
  days: number;
}

export interface SendingRules {
  /** Off: any hour of an allowed day. The hours are kept while it is off. */
  window: { on: boolean; hours: WeekHours };
  /** No campaign or automation message on Sundays. */
  sundays: boolean;
  /** No campaign or automation message on national holidays (shared/rules/holidays.ts). */
  holidays: boolean;
  /** Put in front of every message (`Loja Maria: `); '' for none. */
  prefix: string;
  /** " Para sair, responda SAIR." at the end of every message: on, off, or unset (on once a server reads replies). */
  howToStop: HowToStopChoice;
  cap: FrequencyCap;
  /**
   * After an opt-out by reply ("SAIR"), one SMS confirms it to the customer
   * (shared/inbox/opt-out-confirmation.ts). Off by default: each costs one SMS.
   */
  optOutConfirmation: boolean;
}

/** The longest prefix: a business name, not a message. */
export const PREFIX_MAX = 30;
/** Bounds of the cap: the send log keeps CAP_DAYS_MAX days. */
export const CAP_MESSAGES_MAX = 50;
export const CAP_DAYS_MAX = 31;
/** A common practice (one Brazilian platform caps at 5 per 7 days; 4 is stricter). */
export const SUGGESTED_CAP = Object.freeze({ messages: 4, days: 7 });

export const DEFAULT_RULES: Readonly<SendingRules> = Object.freeze({
  window: { on: true, hours: DEFAULT_WEEK_HOURS },
  sundays: true,
  holidays: true,
  prefix: '',
  howToStop: 'unset',
  cap: { on: false, ...SUGGESTED_CAP },
  optOutConfirmation: false,
});

/** `4/7d` ↔ a cap (`off` when it is off). */
export function formatCap(cap: FrequencyCap): string {
  return cap.on ? `${cap.messages}/${cap.days}d` : 'off';
}

export function parseCap(text: string): Omit<FrequencyCap, 'on'> | 'off' | null {
  const t = text.trim().toLowerCase();
  if (t === 'off') return 'off';
  const m = /^(\d{1,2})\s*\/\s*(\d{1,2})\s*d?$/.exec(t);
  if (!m) return null;
  const messages = Number(m[1]);
  const days = Number(m[2]);
  if (messages < 1 || messages > CAP_MESSAGES_MAX || days < 1 || days > CAP_DAYS_MAX) return null;
  return { messages, days };
}
