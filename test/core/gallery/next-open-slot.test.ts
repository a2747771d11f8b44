/**
 * When a draft from the gallery is scheduled: the message's hour on the
 * first day the sending rules open at it (Brasília's days), never outside
 * the rules.
 */
import { describe, expect, it } from 'vitest';
import { nextOpenSlot } from '@core/gallery/next-open-slot';
import { DEFAULT_RULES, type SendingRules } from '@shared/rules/sending-rules';

const rules = (change: Partial<SendingRules> = {}): SendingRules => ({
  ...structuredClone(DEFAULT_RULES),
  ...change,
});
/** An instant given as Brasília's wall clock (UTC-3). */
const brasilia = (local: string) => new Date(`${local}:00-03:00`);

describe('nextOpenSlot', () => {
  it('takes today while the hour is ahead, else the next open day', () => {
    // Tuesday 8:30: 10:00 is still ahead today.
    expect(nextOpenSlot('10:00', rules(), brasilia('2026-05-12T08:30'))).toBe('2026-05-12T10:00');
    expect(nextOpenSlot('10:00', rules(), brasilia('2026-05-12T10:00'))).toBe('2026-05-13T10:00');
  });

  it('skips Sundays and national holidays while those rules are on', () => {
    // Saturday 12:00 → Sunday closed → Monday.
    expect(nextOpenSlot('10:00', rules(), brasilia('2026-05-09T12:00'))).toBe('2026-05-11T10:00');
    // Thursday 2 April 2026, evening: Good Friday (3 April) is a holiday; Saturday opens.
    expect(nextOpenSlot('09:00', rules(), brasilia('2026-04-02T19:00'))).toBe('2026-04-04T09:00');
    expect(nextOpenSlot('09:00', rules({ holidays: false }), brasilia('2026-04-02T19:00'))).toBe(
      '2026-04-03T09:00',
    );
  });

  it('keeps to the owner’s window: an hour it never holds takes the first open day’s opening time', () => {
    const afternoons = rules({
      window: {
        on: true,
        hours: {
          mon: { start: '14:00', end: '18:00' },
          tue: { start: '14:00', end: '18:00' },
          wed: null,
          thu: null,
          fri: null,
          sat: null,
          sun: null,
        },
      },
    });
    expect(nextOpenSlot('10:00', afternoons, brasilia('2026-05-12T15:00'))).toBe('2026-05-18T14:00');
    // Saturday's window ends at 13:00: a 12:00 message fits, a 14:00 one waits for Monday.
    expect(nextOpenSlot('12:00', rules(), brasilia('2026-05-09T08:00'))).toBe('2026-05-09T12:00');
    expect(nextOpenSlot('14:00', rules(), brasilia('2026-05-09T08:00'))).toBe('2026-05-11T14:00');
  });
});
