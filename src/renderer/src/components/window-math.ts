/**
 * Where the rows of a windowed table are, given only their count and one
 * fixed height: which rows the screen shows, at what offset, and how tall
 * the scroll area is. A browser cannot scroll a box much taller than about
 * 33 million pixels (a million rows of 48 px is 48 million), so past
 * MAX_SCROLL_PX the scroll area is shorter than the rows and each scrolled
 * pixel stands for `scale` pixels of rows: the scroll bar still runs from
 * the first row to the last.
 */

/** Well under every engine's limit on an element's height. */
export const MAX_SCROLL_PX = 8_000_000;

export interface WindowInput {
  count: number;
  rowHeight: number;
  /** The visible height of the rows' box. */
  viewport: number;
}

export interface RowWindow {
  /** The first row on screen (maybe partly). */
  first: number;
  /** How many rows are on screen (maybe partly): at most one more than fit. */
  shown: number;
  /** Where the first row starts, relative to the top of the box (0 or negative). */
  offset: number;
}

/** The height of the box's scroll area. */
export const scrollHeight = ({ count, rowHeight }: WindowInput) => Math.min(count * rowHeight, MAX_SCROLL_PX);

/** Pixels of rows per scrolled pixel: 1 unless the rows are taller than MAX_SCROLL_PX. */
export function scaleOf(input: WindowInput): number {
  const rows = input.count * input.rowHeight;
  const free = scrollHeight(input) - input.viewport;
  return rows > MAX_SCROLL_PX && free > 0 ? (rows - input.viewport) / free : 1;
}

/** The rows on screen when the box is scrolled to `scrollTop`. */
export function windowAt(scrollTop: number, input: WindowInput): RowWindow {
  const { count, rowHeight, viewport } = input;
  if (count === 0) return { first: 0, shown: 0, offset: 0 };
  const rowsTop = Math.min(
    Math.max(0, scrollTop * scaleOf(input)),
    Math.max(0, count * rowHeight - viewport),
  );
  const first = Math.min(count - 1, Math.floor(rowsTop / rowHeight));
  const fit = Math.ceil(viewport / rowHeight) + 1;
  return { first, shown: Math.min(count - first, fit), offset: first * rowHeight - rowsTop };
}

/**
 * The scroll position that brings row `index` fully on screen, moving as little as
 * possible; null when it already is.
 */
export function scrollTopFor(index: number, scrollTop: number, input: WindowInput): number | null {
  const { rowHeight, viewport } = input;
  const scale = scaleOf(input);
  const rowsTop = scrollTop * scale;
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < rowsTop) return top / scale;
  if (bottom > rowsTop + viewport) return (bottom - viewport) / scale;
  return null;
}

/** Where the arrow, page and Home/End keys move the active row, or null for another key. */
export function rowForKey(key: string, active: number, count: number, pageRows: number): number | null {
  const last = count - 1;
  const step = Math.max(1, pageRows - 1);
  const to: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + step,
    PageUp: active - step,
    Home: 0,
    End: last,
  };
  const next = to[key];
  return next === undefined ? null : Math.min(last, Math.max(0, next));
}
