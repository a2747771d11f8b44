import {
  RowClassifier,
  type ColumnMapping,
  type CountryCode,
  type DayOrder,
  type ImportCounts,
  type NineDigitSuggestion,
  type PlanWarning,
  type RejectedRow,
  type RowSink,
  type TableShape,
} from '../file';
import { FirstLines } from './first-lines';
import { SAMPLE_SIZE } from './plan-view';
import type { ImportStaging } from './staging';

/** The first items of a kind (what the review shows) and how many there are. */
export type Sample<T> = { items: T[]; total: number };

/** A plan as the review needs it: the counts, and the first rows of each kind. The rows themselves are staged. */
export type PlanSummary = {
  counts: ImportCounts;
  suggestions: Sample<NineDigitSuggestion>;
  rejected: Sample<RejectedRow>;
  duplicates: Sample<RejectedRow>;
  warnings: Sample<PlanWarning>;
  /** The birthday column's order as its cells settle it (DayOrderEvidence): what the plan should be read in. */
  birthdayOrder: DayOrder;
};

/** Rows staged (or refused rows written) per statement. */
const BATCH = 1_000;
const PROGRESS_EVERY = 5_000;

export type PlanPass = {
  shape: TableShape;
  mapping: ColumnMapping;
  defaultCountry: CountryCode;
  acceptNineDigitFix: boolean;
  /** The order the birthday column is read in this pass. */
  birthdayOrder: DayOrder;
  profile: string;
  /** True for a number erased at the person's request: its row is refused. */
  erased?: (e164: string) => boolean;
  /** Fresh staging tables (dropped and made again): called at the start, and if the reading starts over. */
  staging: () => ImportStaging;
  onProgress: (done: number, total: number) => void;
};

/**
 * The import's plan, made as the file streams past (its second reading,
 * after the one that gave the preview): each data row classified, the
 * valid ones staged (which finds the file's duplicates and the existing
 * contacts), the refused ones kept for the error file. `read` runs the
 * file's reader with the sink it is given. Memory holds a batch and the
 * samples, whatever the size of the file.
 */
export async function planRows(
  read: (open: () => RowSink) => Promise<unknown>,
  pass: PlanPass,
): Promise<PlanSummary> {
  let plan!: PassState;
  await read(() => {
    plan = new PassState(pass);
    return plan.row;
  });
  plan.finish();
  pass.onProgress(pass.shape.totalRows, pass.shape.totalRows);
  return plan.summary();
}

class PassState {
  private readonly classifier: RowClassifier;
  private readonly staging: ImportStaging;
  private readonly width: number;
  private read = 0;
  private readonly firstLines = new FirstLines();
  private refused: RejectedRow[] = [];
  private readonly suggestions = sample<NineDigitSuggestion>();
  private readonly rejected = sample<RejectedRow>();
  private readonly duplicates = sample<RejectedRow>();
  private readonly warnings = sample<PlanWarning>();

  constructor(private readonly pass: PlanPass) {
    this.classifier = new RowClassifier(pass.shape.headers, pass.mapping, {
      defaultCountry: pass.defaultCountry,
      acceptNineDigitFix: pass.acceptNineDigitFix,
      birthdayOrder: pass.birthdayOrder,
      ...(pass.erased ? { erased: pass.erased } : {}),
    });
    this.staging = pass.staging();
    this.width = pass.shape.width;
  }

  /** A RowSink: every non-blank row of the file; the title and header rows are passed over. */
  readonly row: RowSink = (cells, line) => {
    if (line <= this.pass.shape.headerLine) return;
    const padded = cells.length >= this.width ? cells : pad(cells, this.width);
    if (++this.read % PROGRESS_EVERY === 0) this.pass.onProgress(this.read, this.pass.shape.totalRows);
    const row = this.classifier.classify(padded, line);
    if (row.suggestion) add(this.suggestions, row.suggestion);
    if (!row.ok) {
      add(this.rejected, row.rejected);
      this.refused.push(row.rejected);
      if (this.refused.length >= BATCH) this.flushRefused();
      return;
    }
    const { contact } = row;
    const firstLine = this.firstLines.firstOr(contact.phone, line);
    if (firstLine !== 0) {
      const params = { firstLine, phone: contact.phone };
      add(this.duplicates, { line, cells: padded, reason: 'duplicate_in_file', params });
      return;
    }
    if (row.warning) add(this.warnings, row.warning);
    const { phone, name, email, fields, birthday } = contact;
    this.staging.add({ id: 0, line, phone, name, email, fields, birthday });
  };

  /** The file is read: the last refused rows written, the staged ones sorted. */
  finish(): void {
    this.flushRefused();
    this.staging.seal(this.pass.profile);
  }

  summary(): PlanSummary {
    const rows = this.staging.rows;
    return {
      counts: {
        read: this.read,
        valid: rows.count,
        duplicatesInFile: this.duplicates.total,
        existing: rows.existing,
        invalid: this.rejected.total,
      },
      suggestions: this.suggestions,
      rejected: this.rejected,
      duplicates: this.duplicates,
      warnings: this.warnings,
      birthdayOrder: this.classifier.birthdayEvidence.order,
    };
  }

  private flushRefused(): void {
    this.staging.reject(this.refused);
    this.refused = [];
  }
}

const sample = <T>(): Sample<T> => ({ items: [], total: 0 });

function add<T>(to: Sample<T>, item: T): void {
  to.total++;
  if (to.items.length < SAMPLE_SIZE) to.items.push(item);
}

function pad(cells: string[], width: number): string[] {
  const padded = new Array<string>(width);
  for (let k = 0; k < width; k++) padded[k] = cells[k] ?? '';
  return padded;
}
