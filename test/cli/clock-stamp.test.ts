import { describe, expect, it } from 'vitest';
import { clockStamp } from '../../src/cli/clock-stamp';

describe('the worker’s time stamps', () => {
  it('are Brasília time, labelled, whatever the machine’s zone', () => {
    // 15:04:05 UTC is 12:04:05 in Brasília.
    expect(clockStamp(new Date('2026-12-07T15:04:05.000Z'))).toBe('12:04:05 BRT');
  });
});
