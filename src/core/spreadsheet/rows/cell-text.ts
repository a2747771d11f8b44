import type { CellObject } from '@e965/xlsx';

const SCIENTIFIC = /^-?\d(?:\.\d+)?E[+-]?\d+$/i;

/**
 * The text for a numeric cell, given what its number format shows.
 *
 * Excel's General format shows integers of 12+ digits in scientific notation
 * (5511987654321 appears as 5.51199E+12) while the cell still holds every
 * digit: then the digits are the truth. When the stored number is exactly
 * what the scientific text says (5511990000000), the digits were already
 * lost (typically a CSV round trip through Excel) and the scientific text is
 * kept, so the phone is rejected as destroyed rather than imported wrong.
 */
export function numberCellText(value: number, shown: string): string {
  if (SCIENTIFIC.test(shown) && Number.isSafeInteger(value) && Number(shown) !== value) return String(value);
  return shown;
}

/**
 * A SheetJS cell as the text the user sees (`w`), never a formula's
 * evaluation: formulas are not evaluated by SheetJS, the cached result's
 * text is used, and a formula without one is kept as its text ("=...").
 */
export function sheetjsCellText(cell: CellObject | undefined): string {
  if (!cell) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') return numberCellText(cell.v, cell.w ?? String(cell.v));
  if (cell.w !== undefined) return cell.w;
  if (cell.v === undefined || cell.v === null) return cell.f ? '=' + cell.f : '';
  if (cell.t === 'e') return cell.f ? '=' + cell.f : '#ERROR';
  return String(cell.v);
}
