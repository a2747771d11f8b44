import { MAX_PREAMBLE_ROWS } from '../../spreadsheet';
import { isKnownHeader, looksLikeEmail, looksLikePhone } from './header-words';

function holdsData(row: string[]): boolean {
  return row.some((cell) => looksLikePhone(cell) || looksLikeEmail(cell));
}

/**
 * Index (into the non-blank rows) of the header row, or -1 when the file
 * starts straight with data (a bare list of numbers is common).
 *
 * Among the first rows, the header is the one naming the most known columns
 * (nome, telefone, email, ...) while holding no phone or e-mail itself; rows
 * above it are a title and are skipped. When no row names a known column,
 * the first row is the header unless it holds data.
 */
export function findHeaderRow(rows: string[][]): number {
  let best = -1;
  let bestScore = 0;
  const scan = Math.min(rows.length, MAX_PREAMBLE_ROWS + 1);
  for (let i = 0; i < scan; i++) {
    const row = rows[i]!;
    if (holdsData(row)) continue;
    let score = 0;
    for (const cell of row) if (isKnownHeader(cell)) score++;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  if (best >= 0) return best;
  if (rows.length > 0 && holdsData(rows[0]!)) return -1;
  return 0;
}
