import { ImportFileError } from '../import-errors';
import { HARD_FIELD_CAP } from '../limits';
import { DelimitedParser } from './parse-delimited';

/** In order of preference when two fit equally well: `;` first, as Excel in Brazil writes it. */
export const DELIMITERS = [';', '\t', '|', ','] as const;

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_RECORDS = 50;

/**
 * Picks the delimiter that splits the first records into the same number of
 * fields (more than one) most consistently. Quote-aware, so commas inside
 * "Silva, João" do not count. A file with a single column gets `;`.
 */
export function sniffDelimiter(text: string): string {
  const truncated = text.length > SAMPLE_CHARS;
  const sample = truncated ? text.slice(0, SAMPLE_CHARS) : text;
  let best: string = DELIMITERS[0];
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const score = consistency(sample, delimiter, truncated);
    if (score > bestScore) [best, bestScore] = [delimiter, score];
  }
  return best;
}

/** Share of non-blank records with the most common field count, if that count is above one. */
function consistency(sample: string, delimiter: string, truncated: boolean): number {
  const counts: number[] = [];
  try {
    const parser = new DelimitedParser(sample, delimiter, HARD_FIELD_CAP);
    for (let record = parser.next(); record !== undefined; record = parser.next()) {
      if (record.length === 1 && record[0]!.trim() === '') continue;
      counts.push(trimmedLength(record));
      if (counts.length > SAMPLE_RECORDS) break;
    }
  } catch {
    // A record wider than the hard cap: this delimiter clearly splits the text.
    return 1;
  }
  // The last record of a cut sample may be cut too; keep it only if it is all we have.
  if (truncated && counts.length > 1) counts.pop();
  const tally = new Map<number, number>();
  for (const c of counts) tally.set(c, (tally.get(c) ?? 0) + 1);
  let modeCount = 0;
  let modeFields = 1;
  for (const [fields, count] of tally) {
    if (count > modeCount || (count === modeCount && fields > modeFields))
      [modeFields, modeCount] = [fields, count];
  }
  return modeFields > 1 && counts.length > 0 ? modeCount / counts.length : 0;
}

/** Field count ignoring trailing empty fields (a trailing `;` on every line is common). */
function trimmedLength(record: string[]): number {
  let n = record.length;
  while (n > 1 && record[n - 1] === '') n--;
  return n;
}

export function validateDelimiter(delimiter: string): string {
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw new ImportFileError('invalid_delimiter', `Not a usable delimiter: ${JSON.stringify(delimiter)}`, {
      delimiter,
    });
  }
  return delimiter;
}
