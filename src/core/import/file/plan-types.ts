/**
 * What a contact file's plan is made of: the mapping of its columns to a
 * contact's fields, and the rows planned, rejected or fixed. The file as
 * read (ParsedTable, ReadOptions) is the spreadsheet library's.
 */
import type { CountryCode } from '../../contacts/contacts-module';
import type { ContactBirthday } from '../../../shared/birthday';
import type { DayOrder } from '../../../shared/dates/read-date-cell';
import type { ReasonCode, ReasonParams } from './reasons';
import type { ColumnReading } from '../../../shared/field-types';

/** Column indexes into ParsedTable.headers. Columns not named here are ignored. */
export type ColumnMapping = {
  name?: number;
  phone?: number;
  /** A separate DDD column, prefixed to phones that lack one. */
  areaCode?: number;
  email?: number;
  /** Birthdays (dd/mm/aaaa, dd/mm, aaaa-mm-dd, Excel dates and serials), read by the one date-cell reader. */
  birthday?: number;
  /**
   * Kept as custom fields; `field` is the merge-field key, e.g. 'cidade'.
   * `type` (text unless given) and how the column writes its dates and
   * numbers (as detected unless given) decide how each cell is read.
   */
  custom: ({ column: number; field: string } & Partial<ColumnReading>)[];
};

export type PlannedRow = {
  line: number;
  /** '' when the file has no name for this contact. */
  name: string;
  /** E.164, e.g. +5511987654321. */
  phone: string;
  email: string | null;
  /** null: the file gives none (an existing contact keeps its own). */
  birthday: ContactBirthday | null;
  /** Custom fields by merge-field key; empty cells are left out (so an update never blanks a value). */
  fields: Record<string, string>;
  /** A contact with this phone already exists: the caller decides update or skip. */
  existing: boolean;
  /** The 9-digit fix was applied to an old 8-digit mobile. */
  fixedNineDigit: boolean;
};

export type RejectedRow = { line: number; cells: string[]; reason: ReasonCode; params: ReasonParams };

export type PlanWarning = { line: number; reason: ReasonCode; params: ReasonParams };

export type NineDigitSuggestion = { line: number; original: string; suggested: string; applied: boolean };

export type ImportCounts = {
  /** Non-blank data rows. read = valid + duplicatesInFile + invalid. */
  read: number;
  /** Rows in `rows` (new and existing contacts). */
  valid: number;
  duplicatesInFile: number;
  /** Valid rows whose phone is already a contact (included in `valid`). */
  existing: number;
  /** Rows in `rejected`. */
  invalid: number;
};

export type ImportPlan = {
  rows: PlannedRow[];
  /** Rows that cannot be imported as they are: the content of the error file. */
  rejected: RejectedRow[];
  /** Later rows repeating an earlier row's phone; the first occurrence is the one kept. */
  duplicates: RejectedRow[];
  /** Old 8-digit mobiles and their 9-digit form, applied or not. */
  suggestions: NineDigitSuggestion[];
  /** Imported rows with something dropped (an invalid e-mail). */
  warnings: PlanWarning[];
  counts: ImportCounts;
};

export type PlanOptions = {
  defaultCountry?: CountryCode;
  /** true: add the 9 to every old mobile; a set: only on these lines. Otherwise they are rejected. */
  acceptNineDigitFix?: boolean | ReadonlySet<number>;
  existingPhones?: ((e164: string) => boolean) | ReadonlySet<string>;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Longest text accepted in a mapped cell (default 1600). */
  maxCellLength?: number;
  /** The birthday column's dd/mm or mm/dd, decided over the whole column (DayOrderEvidence); dd/mm unless told. */
  birthdayOrder?: DayOrder;
  /** The present, for ages and two-digit years. */
  now?: Date;
  /** True for a number erased at the person's request (core/privacy): its row is refused, its cells not copied. */
  erased?: (e164: string) => boolean;
};
