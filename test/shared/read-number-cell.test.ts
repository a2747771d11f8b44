import { describe, expect, it } from 'vitest';
import {
  DecimalEvidence,
  formatNumberCell,
  readNumberCell,
  type DecimalMark,
} from '@shared/numbers/read-number-cell';

const value = (text: string, mark?: DecimalMark) => {
  const reading = readNumberCell(text, mark);
  return reading.ok ? reading.value : reading.reason;
};

describe('readNumberCell', () => {
  it('reads Brazilian numbers: decimal comma, point for thousands, R$ and spaces', () => {
    expect(value('500')).toBe(500);
    expect(value('1234,56')).toBe(1234.56);
    expect(value('1.234,56')).toBe(1234.56);
    expect(value('1.234.567')).toBe(1234567);
    expect(value('1.500')).toBe(1500);
    expect(value('R$ 1.234,50')).toBe(1234.5);
    expect(value('-12,5')).toBe(-12.5);
    expect(value('+7')).toBe(7);
    expect(value('0,5')).toBe(0.5);
    expect(value('0')).toBe(0);
  });

  it('reads a point column (a spreadsheet’s General cells) with the point', () => {
    expect(value('1234.5', '.')).toBe(1234.5);
    expect(value('2.125', '.')).toBe(2.125);
    expect(value('1,234.5', '.')).toBe(1234.5);
    expect(value('1,500', '.')).toBe(1500);
  });

  it('refuses what is not one number', () => {
    for (const text of ['abc', '12a', '1.2.3', '1.234.5', '1,2,3', '--1', '1 2 3x', '-', '00123', '012,5'])
      expect(value(text)).toBe('not-a-number');
    expect(value('')).toBe('empty');
    expect(value('  ')).toBe('empty');
  });

  it('is stored without thousands and with a decimal comma, which reads back the same', () => {
    for (const n of [0, 12, -12.5, 1234.56, 1e6, 0.001]) {
      expect(formatNumberCell(n)).not.toContain('.');
      expect(value(formatNumberCell(n))).toBe(n);
    }
  });
});

describe('DecimalEvidence', () => {
  const markOf = (cells: string[]) => {
    const evidence = new DecimalEvidence();
    for (const cell of cells) evidence.add(cell);
    return evidence.mark;
  };
  it('takes the point only when some cell needs it and none needs the comma', () => {
    expect(markOf(['10', '12.5', '2.125'])).toBe('.');
    expect(markOf(['10', '1,234.50'])).toBe('.');
    expect(markOf(['10', '12,5', '1.500'])).toBe(',');
    expect(markOf(['1.500', '2.000'])).toBe(',');
    expect(markOf(['12.5', '12,5'])).toBe(',');
  });
});
