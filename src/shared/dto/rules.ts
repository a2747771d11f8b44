/** Sending-rule shapes that cross IPC (outputs of the rules channels). */
import type { Holiday } from '../rules/holidays';
import type { SendingRules } from '../rules/sending-rules';

export type { SendingRules, FrequencyCap } from '../rules/sending-rules';
export type { HowToStopChoice } from '../rules/how-to-stop';
export type { DayHours, WeekHours, Weekday } from '../rules/week-hours';
export type { Holiday, HolidayKind, HolidayName } from '../rules/holidays';
export type { MoveReason } from '../rules/schedule';

/** Where a block list comes from: the Procon-SP "Não Me Ligue" register, or another list of numbers. */
export type BlockSource = 'procon-sp' | 'other';

/**
 * What an import does to a list that has numbers: the file is the whole list
 * now (Procon-SP publishes its register whole), or its numbers join the list's.
 */
export type BlockImportMode = 'replace' | 'add';

/** A list as it was before its last import: what undoing that import brings back. */
export interface BlockListBeforeView {
  fileName: string;
  numbers: number;
  updatedAt: string;
  fileDate: string | null;
}

export interface BlockListView {
  source: BlockSource;
  /** The file it was last imported from. */
  fileName: string;
  numbers: number;
  /** When it was last imported (ISO). */
  updatedAt: string;
  /** The file's own date (ISO; when it was last changed), when the import knew it. */
  fileDate: string | null;
  /** The list before its last import, while that import can be undone; null: nothing to undo. */
  before: BlockListBeforeView | null;
  /**
   * Imported more than 30 days ago: Procon-SP blocks a number 30 days after
   * it is registered, so a list older than that misses numbers.
   */
  stale: boolean;
}

/** The "Como sair" rule as it holds now for the signed-in profile. */
export interface HowToStopView {
  /** Whether messages end with " Para sair, responda SAIR." now (the owner's choice, or the server when unset). */
  on: boolean;
  /** Whether a Torpedo Server reads this profile's replies: without one, a "SAIR" is never seen. */
  serverConnected: boolean;
}

export interface RulesView {
  rules: SendingRules;
  howToStop: HowToStopView;
  /** This year's and next year's national holidays (on the sending rules' calendar), in date order. */
  holidays: Holiday[];
  blockLists: BlockListView[];
}

/** What the rules did to a campaign's recipients: left out, or moved to a later time. */
export interface RuleCounts {
  excluded: { blocked: number; cap: number };
  moved: { window: number; holiday: number; sunday: number };
}

export interface BlockImportResultView {
  source: BlockSource;
  /** Rows read from the file. */
  read: number;
  /** Numbers on the list now. */
  numbers: number;
  /** Numbers that were not on it before. */
  added: number;
  /** Numbers the new file no longer has (they may be messaged again). */
  removed: number;
  /** Rows without a number that could be read. */
  invalid: number;
}
