/** Sending-rule shapes that cross IPC (outputs of the rules channels). */
import type { Holiday } from '../rules/holidays';
import type { SendingRules } from '../rules/sending-rules';

export type { SendingRules, FrequencyCap } from '../rules/sending-rules';
export type { HowToStopChoice } from '../rules/how-to-stop';
export type { DayHours, WeekHours, Weekday } from '../rules/week-hours';
export type { Holiday, HolidayKind, HolidayName } from '../rules/holidays';
export type { MoveReason } from '../rules/schedule';

/**
 * What a block list is: one of the public registers that cover SMS (Procon-SP's
 * "Não Me Ligue", Lei estadual SP 13.226/2008; Procon-AL's, Lei estadual AL
 * 8.538/2021; Procon-Carioca's, Lei municipal Rio de Janeiro 6.523/2019), or a
 * list the owner names (several allowed).
 */
export type BlockListKind = 'procon-sp' | 'procon-al' | 'procon-carioca' | 'owner';
/** The public registers: at most one list of each, whose id is its kind. */
export type PublicBlockListKind = Exclude<BlockListKind, 'owner'>;

/** A block list by name: enough to say which list blocked a number. */
export interface BlockListRef {
  /** The kind for a public register; an owner's list has its own ('other' for the list kept before lists had names). */
  id: string;
  kind: BlockListKind;
  /** The owner's name for an owner's list; null for a public register and for the list once called "other" ("Outra lista"). */
  name: string | null;
}

/** Which list an import goes to: an existing list, a public register, or an owner's list by name (made when new). */
export type BlockListTarget =
  { id: string } | { kind: PublicBlockListKind } | { kind: 'owner'; name: string };

/** How many numbers were left out because of one list (each number under the first list that has it). */
export interface BlockedCount {
  list: BlockListRef;
  count: number;
}

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

export interface BlockListView extends BlockListRef {
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
   * Imported more than 30 days ago (each list its own reminder): Procon-SP
   * blocks a number 30 days after it is registered, so a list older than
   * that misses numbers.
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
  list: BlockListRef;
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
