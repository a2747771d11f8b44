import { describe, expect, it } from 'vitest';
import {
  MAX_SCROLL_PX,
  rowForKey,
  scaleOf,
  scrollHeight,
  scrollTopFor,
  windowAt,
} from '@renderer/components/window-math';

const ROW = 48;
const shape = (count: number, viewport = 480) => ({ count, rowHeight: ROW, viewport });

describe('window math: the rows on screen from a count and a scroll position', () => {
  it('shows the rows the scroll position reaches, a partly hidden first one included', () => {
    expect(windowAt(0, shape(100_000))).toEqual({ first: 0, shown: 11, offset: 0 });
    expect(windowAt(ROW * 10 + 12, shape(100_000))).toEqual({ first: 10, shown: 11, offset: -12 });
    expect(windowAt(0, shape(3))).toEqual({ first: 0, shown: 3, offset: 0 });
    expect(windowAt(0, shape(0))).toEqual({ first: 0, shown: 0, offset: 0 });
  });

  it('scrolls 1:1 while the rows fit in a browser’s scroll area', () => {
    expect(scrollHeight(shape(100_000))).toBe(100_000 * ROW);
    expect(scaleOf(shape(100_000))).toBe(1);
  });

  it('past that, a shorter scroll area still runs from the first row to the very last', () => {
    const million = shape(1_000_000);
    expect(scrollHeight(million)).toBe(MAX_SCROLL_PX);
    expect(scaleOf(million)).toBeGreaterThan(5);
    const end = windowAt(MAX_SCROLL_PX - 480, million);
    expect(end.first + end.shown).toBe(1_000_000);
    // The last row's bottom is the box's bottom: nothing blank below it.
    expect(end.offset + end.shown * ROW).toBe(480);
    const middle = windowAt((MAX_SCROLL_PX - 480) / 2, million);
    expect(Math.abs(middle.first - 500_000)).toBeLessThan(10);
  });

  it('scrolls as little as brings a row fully on screen, or not at all', () => {
    expect(scrollTopFor(5, 0, shape(100))).toBeNull();
    expect(scrollTopFor(10, 0, shape(100))).toBe(11 * ROW - 480);
    expect(scrollTopFor(3, 10 * ROW, shape(100))).toBe(3 * ROW);
    const million = shape(1_000_000);
    const top = scrollTopFor(999_999, 0, million)!;
    const end = windowAt(top, million);
    expect(end.first + end.shown).toBe(1_000_000);
  });

  it('moves the active row by the arrows, a page, or to either end, within the rows', () => {
    expect(rowForKey('ArrowDown', 4, 100, 10)).toBe(5);
    expect(rowForKey('ArrowUp', 0, 100, 10)).toBe(0);
    expect(rowForKey('PageDown', 4, 100, 10)).toBe(13);
    expect(rowForKey('PageUp', 4, 100, 10)).toBe(0);
    expect(rowForKey('End', 4, 100, 10)).toBe(99);
    expect(rowForKey('Home', 40, 100, 10)).toBe(0);
    expect(rowForKey('Enter', 4, 100, 10)).toBeNull();
  });
});
