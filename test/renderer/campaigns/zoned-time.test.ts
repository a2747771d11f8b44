import { describe, expect, it } from 'vitest';
import { formatInZone, pickerValueOf, scheduleOf } from '@renderer/composables/zoned-time';

// The picker's value is a wall-clock time in this machine's zone; these read it on São Paulo's clock.
const localWall = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).getTime();

describe('the schedule, on the clock of the campaign’s time zone', () => {
  it('turns 09:00 in São Paulo into 12:00Z, with milliseconds and Z, whatever zone this machine is in', () => {
    expect(scheduleOf(localWall(2025, 3, 21, 9, 0), 'America/Sao_Paulo')).toBe('2025-03-21T12:00:00.000Z');
    expect(scheduleOf(localWall(2025, 3, 21, 9, 0), 'America/Manaus')).toBe('2025-03-21T13:00:00.000Z');
    // Seconds picked by accident are dropped: the wire gets whole minutes.
    expect(scheduleOf(localWall(2025, 3, 21, 9, 0) + 42_000, 'America/Sao_Paulo')).toBe(
      '2025-03-21T12:00:00.000Z',
    );
  });

  it('shows a saved instant as São Paulo’s clock reads it, and round-trips', () => {
    const value = pickerValueOf('2025-12-31T23:30:00.000Z', 'America/Sao_Paulo');
    const wall = new Date(value);
    expect([
      wall.getFullYear(),
      wall.getMonth() + 1,
      wall.getDate(),
      wall.getHours(),
      wall.getMinutes(),
    ]).toEqual([2025, 12, 31, 20, 30]);
    expect(scheduleOf(value, 'America/Sao_Paulo')).toBe('2025-12-31T23:30:00.000Z');
  });

  it('writes the date and time in words, in the zone', () => {
    expect(formatInZone('2025-03-21T12:00:00.000Z', 'America/Sao_Paulo', 'pt-BR')).toBe(
      'sexta-feira, 21 de março de 2025 às 09:00',
    );
  });
});
