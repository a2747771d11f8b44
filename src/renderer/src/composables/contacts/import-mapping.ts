import type { DayOrder } from '@shared/dates/read-date-cell';
import type { ColumnTypeView, ImportMappingView as ImportMapping } from '@shared/dto';
import { MAX_FIELD_LENGTH, RESERVED_FIELDS, freeFieldKey } from '@shared/field-key';
import type { FieldType } from '@shared/field-types';

/** What a column of the file becomes. */
export type ColumnRole = 'name' | 'phone' | 'areaCode' | 'email' | 'birthday' | 'custom' | 'ignore';

export interface ColumnChoice {
  role: ColumnRole;
  /** The merge-field key when `role` is `custom`, e.g. `cidade` (used as `{{cidade}}`). */
  field: string;
  /** How a custom column's values are read (as detected, changeable); text when absent. */
  type?: FieldType;
  /** A date column's order (dd/mm or mm/dd), as detected. */
  dayOrder?: DayOrder;
}

/** A custom column's type as its values suggest it. */
const detected = (types: readonly ColumnTypeView[] | undefined, column: number) =>
  types?.[column] ?? { type: 'text' as const };

/** Roles one column at most can have. */
const SINGLE_ROLES = ['name', 'phone', 'areaCode', 'email', 'birthday'] as const;
type SingleRole = (typeof SINGLE_ROLES)[number];

const FIELD_KEY = /^[a-z0-9_]+$/;

/** The core's mapping as one choice per column. */
export function choicesOf(
  mapping: ImportMapping,
  headers: readonly string[],
  types?: readonly ColumnTypeView[],
): ColumnChoice[] {
  const choices: ColumnChoice[] = headers.map(() => ({ role: 'ignore', field: '' }));
  for (const role of SINGLE_ROLES) {
    const column = mapping[role];
    if (column !== undefined && choices[column]) choices[column] = { role, field: '' };
  }
  for (const { column, field, type, dayOrder } of mapping.custom) {
    const seen = detected(types, column);
    if (choices[column]?.role === 'ignore')
      choices[column] = {
        role: 'custom',
        field,
        type: type ?? seen.type,
        ...((dayOrder ?? seen.dayOrder) ? { dayOrder: dayOrder ?? seen.dayOrder } : {}),
      };
  }
  return choices;
}

/** The choices back as the core's mapping. */
export function mappingOf(choices: readonly ColumnChoice[]): ImportMapping {
  const mapping: ImportMapping = { custom: [] };
  choices.forEach((choice, column) => {
    if (choice.role === 'custom')
      mapping.custom.push({
        column,
        field: choice.field.trim(),
        ...(choice.type ? { type: choice.type } : {}),
        ...(choice.type === 'date' && choice.dayOrder ? { dayOrder: choice.dayOrder } : {}),
      });
    else if (choice.role !== 'ignore') mapping[choice.role as SingleRole] = column;
  });
  return mapping;
}

/**
 * Gives `column` the role `role`. A role that only one column can have
 * leaves the column that had it (it becomes ignored); a new custom field
 * gets a key from the column's header (the key the core's import makes of it).
 */
export function chooseRole(
  choices: readonly ColumnChoice[],
  column: number,
  role: ColumnRole,
  header: string,
  types?: readonly ColumnTypeView[],
): ColumnChoice[] {
  const next = choices.map((choice, index) =>
    index !== column && role !== 'custom' && role !== 'ignore' && choice.role === role
      ? { role: 'ignore' as const, field: '' }
      : choice,
  );
  const field =
    role === 'custom' ? next[column]?.field || freeFieldKey(header, column, customFields(next)) : '';
  if (role !== 'custom') next[column] = { role, field };
  else {
    const kept = next[column]?.type ? next[column] : { ...next[column], ...detected(types, column) };
    next[column] = { role, field, type: kept?.type, ...(kept?.dayOrder ? { dayOrder: kept.dayOrder } : {}) };
  }
  return next;
}

const customFields = (choices: readonly ColumnChoice[]): ReadonlySet<string> =>
  new Set(choices.filter((c) => c.role === 'custom').map((c) => c.field));

export type FieldProblem = 'required' | 'format' | 'reserved' | 'duplicate' | 'tooLong';

/** What is wrong with a merge-field key, given the keys before it; null when it is fine. */
export function fieldKeyProblem(key: string, earlier: ReadonlySet<string>): FieldProblem | null {
  if (!key) return 'required';
  if (key.length > MAX_FIELD_LENGTH) return 'tooLong';
  if (!FIELD_KEY.test(key)) return 'format';
  if (RESERVED_FIELDS.has(key)) return 'reserved';
  if (earlier.has(key)) return 'duplicate';
  return null;
}

/** What is wrong with each custom field key (by column), for the mapping step. */
export function fieldProblems(choices: readonly ColumnChoice[]): Map<number, FieldProblem> {
  const problems = new Map<number, FieldProblem>();
  const seen = new Set<string>();
  choices.forEach((choice, column) => {
    if (choice.role !== 'custom') return;
    const key = choice.field.trim();
    const problem = fieldKeyProblem(key, seen);
    if (problem) problems.set(column, problem);
    seen.add(key);
  });
  return problems;
}

export const hasPhone = (choices: readonly ColumnChoice[]): boolean =>
  choices.some((c) => c.role === 'phone');

/** A column as a spreadsheet names it: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
