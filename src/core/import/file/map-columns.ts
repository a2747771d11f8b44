import { createHash } from 'node:crypto';
import { fold, headerScore, looksLikeEmail, looksLikePhone, type KnownField } from './header-words';
import { isErrorColumnHeader } from './reasons';
import type { ColumnMapping } from './plan-types';
import { RESERVED_FIELDS, freeFieldKey, slugifyField } from '../../../shared/field-key';
import type { ColumnReading } from '../../../shared/field-types';

export { RESERVED_FIELDS, slugifyField };

const SAMPLE_ROWS = 50;
/** Share of filled sample cells that must look like phones (or e-mails, names) to pick a column by content. */
const CONTENT_THRESHOLD = 0.5;

/**
 * A stable key for "files with this header": the caller stores the mapping
 * the user confirmed under it and offers it again next time. Insensitive to
 * case, accents, spacing and punctuation; sensitive to column order and count.
 */
export function headerSignature(headers: readonly string[]): string {
  // Only the start of each header counts: a megabyte "header" must not cost a megabyte of folding.
  const canonical = headers.map((h) => fold(h.slice(0, 200))).join('\u001f');
  return 'h1:' + createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

function bestByHeader(headers: readonly string[], field: KnownField, taken: Set<number>): number | undefined {
  let best: number | undefined;
  let bestScore = 0;
  headers.forEach((header, column) => {
    if (taken.has(column)) return;
    const score = headerScore(header, field);
    if (score > bestScore) [best, bestScore] = [column, score];
  });
  return best;
}

function bestByContent(
  width: number,
  sample: readonly (readonly string[])[],
  test: (cell: string) => boolean,
  taken: Set<number>,
): number | undefined {
  let best: number | undefined;
  let bestRatio = CONTENT_THRESHOLD;
  for (let column = 0; column < width; column++) {
    if (taken.has(column)) continue;
    let filled = 0;
    let hits = 0;
    for (const row of sample) {
      const cell = row[column] ?? '';
      if (cell.trim() === '') continue;
      filled++;
      if (test(cell)) hits++;
    }
    const ratio = filled === 0 ? 0 : hits / filled;
    if (ratio >= bestRatio && (best === undefined || ratio > bestRatio)) [best, bestRatio] = [column, ratio];
  }
  return best;
}

const hasLetters = (cell: string) => /\p{L}{2}/u.test(cell) && !looksLikeEmail(cell) && !looksLikePhone(cell);

/**
 * Guesses which column is which from the header names (Portuguese or
 * English), then, when rows are given, from the content for what the
 * headers did not name (a headerless list of numbers, a "Contato" column
 * full of phones). Every other column becomes a custom field whose key is
 * its slugified header, unique within the mapping.
 */
export function suggestMapping(
  headers: readonly string[],
  rows: readonly (readonly string[])[] = [],
  readings: readonly ColumnReading[] = [],
): ColumnMapping {
  const sample = rows.slice(0, SAMPLE_ROWS);
  const width = Math.max(headers.length, ...sample.map((r) => r.length));
  const taken = new Set<number>();
  const claim = (column: number | undefined) => {
    if (column !== undefined) taken.add(column);
    return column;
  };

  const phone = claim(
    bestByHeader(headers, 'phone', taken) ??
      (sample.length ? bestByContent(width, sample, looksLikePhone, taken) : undefined) ??
      // A file with a single column can only be a list of phones.
      (width === 1 ? 0 : undefined),
  );
  const email = claim(
    bestByHeader(headers, 'email', taken) ??
      (sample.length ? bestByContent(width, sample, looksLikeEmail, taken) : undefined),
  );
  const areaCode = claim(bestByHeader(headers, 'areaCode', taken));
  const birthday = claim(bestByHeader(headers, 'birthday', taken));
  const namedByHeader = bestByHeader(headers, 'name', taken);
  const headerless = headers.every((h) => h.trim() === '');
  const name = claim(
    namedByHeader ??
      (headerless && sample.length ? bestByContent(width, sample, hasLetters, taken) : undefined),
  );

  const used = new Set<string>();
  const custom: ColumnMapping['custom'] = [];
  for (let column = 0; column < width; column++) {
    const header = headers[column] ?? '';
    if (taken.has(column) || isErrorColumnHeader(header)) continue;
    const field = freeFieldKey(header, column, used);
    used.add(field);
    const reading = readings[column];
    if (reading?.type === 'date')
      custom.push({ column, field, type: 'date', dayOrder: reading.dayOrder ?? 'dmy' });
    else if (reading?.type === 'number') custom.push({ column, field, type: 'number' });
    // A text column's type goes without saying.
    else custom.push({ column, field });
  }
  return {
    ...(name !== undefined ? { name } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(areaCode !== undefined ? { areaCode } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(birthday !== undefined ? { birthday } : {}),
    custom,
  };
}
