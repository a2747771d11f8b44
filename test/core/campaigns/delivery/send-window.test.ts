import { describe, expect, it } from 'vitest';
import { sendWindowState, zonedInstant } from '../../../../src/core/campaigns/delivery/send-window';

const at = (iso: string) => new Date(iso);

describe('send window (quiet hours)', () => {
  it('08:00–20:00 in São Paulo (UTC-3): open inside, start included, end excluded', () => {
    const w = { start: '08:00', end: '20:00' };
    const zone = 'America/Sao_Paulo';
    expect(sendWindowState(w, zone, at('2026-03-10T11:00:00Z'))).toEqual({ open: true }); // 08:00 local
    expect(sendWindowState(w, zone, at('2026-03-10T22:59:00Z'))).toEqual({ open: true }); // 19:59
    expect(sendWindowState(w, zone, at('2026-03-10T23:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-03-11T11:00:00Z'), // 20:00 local: opens tomorrow 08:00
    });
    expect(sendWindowState(w, zone, at('2026-03-10T09:30:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-03-10T11:00:00Z'), // 06:30 local: opens today 08:00
    });
  });

  it('a window that wraps midnight (22:00–06:00) is open late and early, shut in the day', () => {
    const w = { start: '22:00', end: '06:00' };
    const zone = 'America/Sao_Paulo';
    expect(sendWindowState(w, zone, at('2026-05-02T02:30:00Z'))).toEqual({ open: true }); // 23:30
    expect(sendWindowState(w, zone, at('2026-05-02T08:59:00Z'))).toEqual({ open: true }); // 05:59
    expect(sendWindowState(w, zone, at('2026-05-02T15:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-05-03T01:00:00Z'), // 12:00 local: opens tonight at 22:00 local
    });
  });

  it('the same instant is open in one zone and shut in another', () => {
    const w = { start: '09:00', end: '18:00' };
    const instant = at('2026-07-01T13:00:00Z');
    expect(sendWindowState(w, 'America/Sao_Paulo', instant)).toEqual({ open: true }); // 10:00
    expect(sendWindowState(w, 'Asia/Kolkata', instant)).toEqual({
      open: false, // 18:30 in India (UTC+5:30): opens tomorrow 09:00 IST
      opensAt: at('2026-07-02T03:30:00Z'),
    });
  });

  it('follows daylight saving time: 09:00 in London is 08:00Z in summer and 09:00Z in winter', () => {
    const w = { start: '09:00', end: '17:00' };
    expect(sendWindowState(w, 'Europe/London', at('2026-07-01T07:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-07-01T08:00:00Z'),
    });
    expect(sendWindowState(w, 'Europe/London', at('2026-12-01T07:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-12-01T09:00:00Z'),
    });
    // Across the spring change (29 March 2026, 01:00Z): the opening after the clocks go forward.
    expect(sendWindowState(w, 'Europe/London', at('2026-03-28T18:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-03-29T08:00:00Z'),
    });
  });

  it('a wall time skipped by the clock going forward opens late, never early', () => {
    // New York, 8 March 2026: 02:00 jumps to 03:00 (07:00Z). 02:30 does not exist that night.
    const instant = zonedInstant({ year: 2026, month: 3, day: 8 }, 2 * 60 + 30, 'America/New_York');
    expect(instant.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-08T07:00:00Z'));
    expect(instant.getTime()).toBeLessThanOrEqual(Date.parse('2026-03-08T07:30:00Z'));
  });

  it('a window already over today opens tomorrow', () => {
    const w = { start: '00:00', end: '00:30' };
    const now = at('2026-01-15T12:00:00Z');
    const state = sendWindowState(w, 'UTC', now);
    expect(state.open).toBe(false);
    if (!state.open) expect(state.opensAt.getTime()).toBe(Date.parse('2026-01-16T00:00:00Z'));
  });
});
