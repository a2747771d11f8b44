/** Segment shapes that cross IPC (the segments channels' outputs). */
import type { FieldKind, SegmentCondition, SegmentMatch } from '../segments/segment-model';

import type { SaveTextResult } from './app';

export type { FieldKind, SegmentCondition, SegmentMatch };

/** A field a condition can be on: a built-in (`@ddd`) or a column of the contacts (`cidade`). */
export interface SegmentFieldView {
  field: string;
  kind: FieldKind;
  /** The name a condition's text and the composer's merge fields use (`uf`, `cidade`), in the UI's language. */
  name: string;
}

/** A condition as saved, with the name of the list or campaign it names (gone: null). */
export interface SegmentConditionView extends SegmentCondition {
  /** `@list` and `@campaign`: the list's or campaign's name now; null when it no longer exists. */
  label?: string | null;
}

/** A saved segment: who it takes is worked out when it is counted or sent to, never stored. */
export interface SavedSegmentView {
  id: string;
  name: string;
  match: SegmentMatch;
  conditions: SegmentConditionView[];
  createdAt: string;
  updatedAt: string;
}

/** What a segment takes now. */
export interface SegmentCountView {
  /** Contacts the conditions take. */
  contacts: number;
  /** Of them, numbers on the opt-out list: never sent to, whatever a segment says. */
  optedOut: number;
  /** Of them, fixed lines: no SMS reaches them. */
  landlines: number;
  /** Who a campaign to this segment would reach now. */
  recipients: number;
}

/** A segment's contacts added to a list. */
export interface SegmentToListView {
  list: { id: string; name: string };
  /** Contacts that joined (the others were in the list already). */
  added: number;
  /** Contacts the segment took. */
  contacts: number;
}

/** A segment's contacts exported as CSV, saved where the user chose (`saved` false: cancelled). */
export interface SegmentExportView extends SaveTextResult {
  /** Contacts written. */
  count: number;
}
