/**
 * When an opt-out's confirmation may go (confirmation-timing.ts): at once,
 * whatever the hour, for a reply read as it arrives (the answer to the
 * customer's own message); at the sending window's opening on the
 * customer's clock for a reply read hours later; never when the owner left
 * it off. Real SQLite, the real repo.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { createConfirmationRecorder } from '@core/inbox/confirmation-timing';
import { createConfirmationsRepo } from '@core/inbox/confirmations-repo';
import { createInboxRepo } from '@core/inbox/inbox-repo';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { blankDb } from '../../support/temp-dir';

/** Tuesday 21 April 2026 is Tiradentes; Wednesday 22 April, 02:00 in São Paulo. */
const WEDNESDAY_NIGHT = new Date('2026-04-22T05:00:00.000Z');

function setUp(on: boolean, language: 'pt-BR' | 'en' = 'pt-BR') {
  const db = blankDb();
  migrate(db, allMigrations);
  const repo = createConfirmationsRepo(db, createInboxRepo(db));
  const record = createConfirmationRecorder({
    repo,
    rules: () => ({ ...DEFAULT_RULES, prefix: 'Loja Maria:', optOutConfirmation: on }),
    language: () => language,
  });
  const rows = () =>
    db.prepare('SELECT event_id, text, not_before FROM opt_out_confirmations ORDER BY event_id').all();
  return { record, rows };
}

describe('an opt-out’s confirmation, when', () => {
  it('goes at once at night for a fresh reply, and at 09:00 on the customer’s clock for one read hours late', () => {
    const { record, rows } = setUp(true);
    const fresh = { eventId: 'e1', phone: '+5511999990001', receivedAt: '2026-04-22T04:55:00.000Z' };
    const late = { eventId: 'e2', phone: '+5568999990002', receivedAt: '2026-04-21T23:00:00.000Z' };
    expect(record('default', fresh, WEDNESDAY_NIGHT)).toBe(true);
    expect(record('default', late, WEDNESDAY_NIGHT)).toBe(true);
    // The same event again (a page handed twice) is the same confirmation.
    record('default', fresh, WEDNESDAY_NIGHT);
    expect(rows()).toEqual([
      {
        event_id: 'e1',
        text: 'Loja Maria: Pronto, você não recebe mais nossas mensagens.',
        not_before: WEDNESDAY_NIGHT.toISOString(),
      },
      // Rio Branco (DDD 68) is two hours behind Brasília: 09:00 there is 14:00 UTC.
      {
        event_id: 'e2',
        text: 'Loja Maria: Pronto, você não recebe mais nossas mensagens.',
        not_before: '2026-04-22T14:00:00.000Z',
      },
    ]);
  });

  it('records nothing while the owner leaves it off, and speaks English when the app does', () => {
    const off = setUp(false);
    expect(
      off.record(
        'default',
        { eventId: 'e1', phone: '+5511999990001', receivedAt: WEDNESDAY_NIGHT.toISOString() },
        WEDNESDAY_NIGHT,
      ),
    ).toBe(false);
    expect(off.rows()).toEqual([]);
    const en = setUp(true, 'en');
    en.record(
      'default',
      { eventId: 'e1', phone: '+5511999990001', receivedAt: WEDNESDAY_NIGHT.toISOString() },
      WEDNESDAY_NIGHT,
    );
    expect(en.rows()).toMatchObject([{ text: 'Loja Maria: Done: you will get no more messages from us.' }]);
  });
});
