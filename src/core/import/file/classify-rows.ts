import {
  checkpoint,
  DEFAULT_LIMITS,
  ImportFileError,
  throwIfAborted,
  type ParsedTable,
} from '../../spreadsheet';
import { normalizePhone, type CountryCode, type PhoneProblem } from '../../contacts/contacts-module';
import type { ReasonCode } from './reasons';
import { typedValue, type ColumnReading } from '../../../shared/field-types';
import { isLandline } from '../../../shared/phone-line';
import { readBirthdayCell, type BirthdayCellProblem, type ContactBirthday } from '../../../shared/birthday';
import { DayOrderEvidence, type DayOrder } from '../../../shared/dates/read-date-cell';
import type {
  ColumnMapping,
  ImportPlan,
  NineDigitSuggestion,
  PlannedRow,
  PlanOptions,
  PlanWarning,
  RejectedRow,
} from './plan-types';

const ROWS_PER_CHUNK = 5000;
/** Loose on purpose: one @, something on each side, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;
const SPACES = /\s+/g;

const BIRTHDAY_REASONS: Record<BirthdayCellProblem, ReasonCode> = {
  unreadable: 'birthday_unreadable',
  impossible: 'birthday_impossible',
  age: 'birthday_age',
};

const PHONE_REASONS: Record<PhoneProblem, ReasonCode> = {
  empty: 'phone_empty',
  excel_scientific: 'phone_excel_scientific',
  too_short: 'phone_too_short',
  too_long: 'phone_too_long',
  invalid: 'phone_invalid',
  unknown_area_code: 'phone_unknown_area_code',
  old_mobile: 'phone_old_mobile',
};

function validateMapping(width: number, mapping: ColumnMapping): void {
  const bad = (detail: string) =>
    new ImportFileError('invalid_mapping', `Invalid column mapping: ${detail}.`, { detail });
  if (mapping.phone === undefined)
    throw new ImportFileError('no_phone_column', 'No column was chosen for phones.');
  const columns = [
    mapping.phone,
    mapping.name,
    mapping.email,
    mapping.areaCode,
    mapping.birthday,
    ...mapping.custom.map((c) => c.column),
  ];
  for (const column of columns) {
    if (column !== undefined && !(Number.isInteger(column) && column >= 0 && column < width)) {
      throw bad(`column ${column} does not exist`);
    }
  }
  const keys = new Set<string>();
  for (const { field } of mapping.custom) {
    if (!/^[a-z0-9_]{1,64}$/.test(field)) throw bad(`"${field}" is not a usable field name`);
    if (keys.has(field)) throw bad(`"${field}" is used twice`);
    keys.add(field);
  }
}

/** One row, judged on its own (duplicates within the file are the caller's to find). */
export type ClassifiedRow =
  | { ok: false; rejected: RejectedRow; suggestion?: NineDigitSuggestion }
  | {
      ok: true;
      contact: Omit<PlannedRow, 'existing'>;
      suggestion?: NineDigitSuggestion;
      /** Something dropped from the row (an invalid e-mail); said only if the row is not a duplicate. */
      warning?: PlanWarning;
    };

/**
 * What the import makes of each row of a table with these columns: the
 * normalised phone, name, e-mail and custom fields, or the reason it is
 * refused. Rows are judged one at a time, as a file streams past; finding
 * the same phone twice is left to the caller (in memory for planImport, in
 * SQLite for the import's plan).
 */
export class RowClassifier {
  private readonly ctx: RowContext;
  /**
   * What the birthday column's cells say about dd/mm against mm/dd, gathered
   * as rows pass: the caller reads the file again in the column's order when
   * it differs from the one these rows were read in.
   */
  readonly birthdayEvidence = new DayOrderEvidence();

  constructor(
    headers: readonly string[],
    mapping: ColumnMapping,
    opts: Omit<PlanOptions, 'existingPhones'> = {},
  ) {
    validateMapping(headers.length, mapping);
    const accept = opts.acceptNineDigitFix;
    this.ctx = {
      headers,
      mapping,
      phoneColumn: mapping.phone!,
      country: opts.defaultCountry ?? 'BR',
      maxCell: opts.maxCellLength ?? DEFAULT_LIMITS.maxCellLength,
      birthdayOrder: opts.birthdayOrder ?? 'dmy',
      now: opts.now ?? new Date(),
      mapped: [
        mapping.phone,
        mapping.name,
        mapping.email,
        mapping.areaCode,
        mapping.birthday,
        ...mapping.custom.map((c) => c.column),
      ]
        .filter((c): c is number => c !== undefined)
        .filter((c, i, all) => all.indexOf(c) === i),
      accepts: typeof accept === 'boolean' ? () => accept : (line) => accept?.has(line) ?? false,
      erased: opts.erased ?? (() => false),
    };
  }

  /** `cells` padded to the table's width. A plain method: no closures per row. */
  classify(cells: string[], line: number): ClassifiedRow {
    const { ctx } = this;
    const { mapping } = ctx;
    for (const column of ctx.mapped) {
      const length = cells[column]!.length;
      if (length > ctx.maxCell) {
        const header = ctx.headers[column] || columnLetter(column);
        return {
          ok: false,
          rejected: {
            line,
            cells,
            reason: 'cell_too_long',
            params: { column: header, length, max: ctx.maxCell },
          },
        };
      }
    }

    const cell = cells[ctx.phoneColumn]!;
    const rawPhone = mapping.areaCode === undefined ? cell : withAreaCode(cell, cells[mapping.areaCode]!);
    const result = normalizePhone(rawPhone, ctx.country);
    let phone: string;
    let fixed = false;
    let suggestion: NineDigitSuggestion | undefined;
    if (result.ok) {
      phone = result.e164;
    } else if (result.reason === 'old_mobile' && result.suggestion) {
      const applied = ctx.accepts(line);
      const value = rawPhone.trim();
      suggestion = { line, original: value, suggested: result.suggestion, applied };
      if (!applied) {
        const params = { value, suggested: result.suggestion };
        return { ok: false, rejected: { line, cells, reason: 'phone_old_mobile', params }, suggestion };
      }
      phone = result.suggestion;
      fixed = true;
    } else {
      return {
        ok: false,
        rejected: {
          line,
          cells,
          reason: PHONE_REASONS[result.reason],
          params: { value: rawPhone.trim(), ...(result.areaCode ? { ddd: result.areaCode } : {}) },
        },
      };
    }

    // A valid number all the same, but no SMS reaches a fixed line: it would only cost and fail.
    if (isLandline(phone)) {
      return {
        ok: false,
        rejected: { line, cells, reason: 'phone_landline', params: { value: rawPhone.trim() } },
      };
    }

    // The person asked to be erased: the row is left out, and its cells are not copied into the error
    // file (it names the line, not the person, again).
    if (ctx.erased(phone)) {
      return {
        ok: false,
        rejected: { line, cells: cells.map(() => ''), reason: 'erased_by_request', params: {} },
      };
    }

    let birthday: ContactBirthday | null = null;
    if (mapping.birthday !== undefined) {
      const raw = cells[mapping.birthday]!;
      this.birthdayEvidence.add(raw);
      const read = readBirthdayCell(raw, ctx.birthdayOrder, ctx.now);
      if (!read.ok) {
        const params = { value: raw.trim(), order: ctx.birthdayOrder === 'mdy' ? 'MM/DD' : 'DD/MM' };
        return { ok: false, rejected: { line, cells, reason: BIRTHDAY_REASONS[read.problem], params } };
      }
      birthday = read.birthday;
    }

    let email: string | null = null;
    let warning: PlanWarning | undefined;
    if (mapping.email !== undefined) {
      const rawEmail = cells[mapping.email]!.trim();
      if (rawEmail !== '') {
        if (rawEmail.length <= MAX_EMAIL_LENGTH && EMAIL.test(rawEmail)) email = rawEmail;
        else warning = { line, reason: 'email_invalid', params: { value: rawEmail } };
      }
    }
    const fields: Record<string, string> = {};
    for (const custom of mapping.custom) {
      const value = cells[custom.column]!.trim();
      if (value === '') continue;
      if (custom.type === undefined || custom.type === 'text') {
        fields[custom.field] = value;
        continue;
      }
      // A date or a number in its one written form (15/03/2026, 1234,5), or the row is refused saying why.
      const typed = typedValue(value, custom as ColumnReading);
      if (!typed.ok) {
        const header = ctx.headers[custom.column] || columnLetter(custom.column);
        const params = { column: header, value };
        return {
          ok: false,
          rejected: { line, cells, reason: typed.problem, params },
          ...(suggestion ? { suggestion } : {}),
        };
      }
      fields[custom.field] = typed.text;
    }
    const name = mapping.name === undefined ? '' : cleanName(cells[mapping.name]!);
    return {
      ok: true,
      contact: { line, name, phone, email, birthday, fields, fixedNineDigit: fixed },
      ...(suggestion ? { suggestion } : {}),
      ...(warning ? { warning } : {}),
    };
  }
}

/**
 * Turns a read table into what the import would do, row by row: normalised
 * phone, name, e-mail and custom fields; rejected rows with a reason;
 * duplicates within the file; contacts that already exist. Nothing is
 * written anywhere. Runs in chunks, yielding so that `signal` can stop it.
 * Holds every row: for a table in memory (the import plans as the file
 * streams past instead: import/plan-rows.ts).
 */
export async function planImport(
  table: ParsedTable,
  mapping: ColumnMapping,
  opts: PlanOptions = {},
): Promise<ImportPlan> {
  throwIfAborted(opts.signal);
  const classifier = new RowClassifier(table.headers, mapping, opts);
  const lookup = opts.existingPhones;
  const exists =
    lookup === undefined
      ? () => false
      : typeof lookup === 'function'
        ? lookup
        : (e164: string) => lookup.has(e164);
  const firstLineOf = new Map<string, number>();
  const plan: ImportPlan = {
    rows: [],
    rejected: [],
    duplicates: [],
    suggestions: [],
    warnings: [],
    counts: { read: table.rows.length, valid: 0, duplicatesInFile: 0, existing: 0, invalid: 0 },
  };
  const total = table.rows.length;
  for (let i = 0; i < total; i++) {
    if (i > 0 && i % ROWS_PER_CHUNK === 0) {
      opts.onProgress?.(i, total);
      await checkpoint(opts.signal);
    }
    const line = table.lines[i]!;
    const row = classifier.classify(table.rows[i]!, line);
    if (row.suggestion) plan.suggestions.push(row.suggestion);
    if (!row.ok) {
      plan.rejected.push(row.rejected);
      continue;
    }
    const { phone } = row.contact;
    const firstLine = firstLineOf.get(phone);
    if (firstLine !== undefined) {
      plan.duplicates.push({
        line,
        cells: table.rows[i]!,
        reason: 'duplicate_in_file',
        params: { firstLine, phone },
      });
      continue;
    }
    firstLineOf.set(phone, line);
    if (row.warning) plan.warnings.push(row.warning);
    plan.rows.push({ ...row.contact, existing: exists(phone) });
  }
  plan.counts.valid = plan.rows.length;
  plan.counts.duplicatesInFile = plan.duplicates.length;
  plan.counts.invalid = plan.rejected.length;
  plan.counts.existing = plan.rows.filter((r) => r.existing).length;
  opts.onProgress?.(total, total);
  throwIfAborted(opts.signal);
  return plan;
}

type RowContext = {
  headers: readonly string[];
  mapping: ColumnMapping;
  phoneColumn: number;
  country: CountryCode;
  maxCell: number;
  birthdayOrder: DayOrder;
  now: Date;
  /** Every mapped column once, for the length check. */
  mapped: number[];
  accepts: (line: number) => boolean;
  erased: (e164: string) => boolean;
};

const UNTIDY_SPACE = /\s\s|[\t\n\r\u00a0]/;
const COMBINING_MARK = /[\u0300-\u036f]/;

/** "João   da Silva " -> "João da Silva"; decomposed accents (files from macOS) composed. */
function cleanName(raw: string): string {
  let name = raw.trim();
  if (UNTIDY_SPACE.test(name)) name = name.replace(SPACES, ' ');
  return COMBINING_MARK.test(name) ? name.normalize('NFC') : name;
}

/** A DDD column completes phones typed without one ("98765-4321" + "11"). */
function withAreaCode(phone: string, areaCode: string): string {
  const ddd = areaCode.replace(/\D/g, '').replace(/^0+/, '');
  if (ddd.length !== 2) return phone;
  const digits = phone.replace(/\D/g, '');
  return digits.length === 8 || digits.length === 9 ? `${ddd} ${phone.trim()}` : phone;
}

/** 0 -> "A", 27 -> "AB": how a spreadsheet names a column without a header. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
