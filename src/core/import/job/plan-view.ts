import type { ImportPlanView, ImportRowIssueView } from '../../../shared/dto';
import type { ImportChangesPageView } from '../../../shared/dto/last-import';
import { describeReason, type ReasonLocale, type RejectedRow } from '../file';
import type { PlanSummary, Sample } from './plan-rows';
import { shownCell } from './preview';

/** How many rows of each kind the review step shows (the counts say how many there are). */
export const SAMPLE_SIZE = 50;

const sample = <T, V>(items: Sample<T>, view: (item: T) => V) => ({
  items: items.items.slice(0, SAMPLE_SIZE).map(view),
  total: items.total,
});

const rowIssue =
  (locale: ReasonLocale) =>
  (row: RejectedRow): ImportRowIssueView => ({
    line: row.line,
    reason: row.reason,
    message: describeReason(row.reason, row.params, locale),
    cells: row.cells.map(shownCell),
  });

/**
 * The plan as the review step shows it: counts, and the first rows of each
 * kind with reasons in `locale`; `changes`: the first page of what an update
 * would change in existing contacts.
 */
export function toPlanView(
  plan: PlanSummary,
  optedOut: number,
  locale: ReasonLocale,
  changes: ImportChangesPageView,
): ImportPlanView {
  return {
    counts: { ...plan.counts, changed: changes.total, optedOut },
    changes: { items: changes.items, total: changes.total },
    suggestions: sample(plan.suggestions, (s) => ({ ...s })),
    rejectedSample: sample(plan.rejected, rowIssue(locale)),
    duplicatesSample: sample(plan.duplicates, rowIssue(locale)),
    warnings: sample(plan.warnings, (w) => ({
      line: w.line,
      reason: w.reason,
      message: describeReason(w.reason, w.params, locale),
    })),
  };
}
