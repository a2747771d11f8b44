import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createRulesModule, importBlockList } from '@core/rules/rules-module';
import { tempDir } from '../../support/temp-dir';

const PROFILE = 'default';
const DAY = 86_400_000;

function rulesOn(now: () => Date) {
  const db = openDatabase(join(tempDir(), 'torpedo.db'));
  const rules = createRulesModule({ db, now, profile: () => PROFILE }, { serverConnected: () => false });
  return { db, rules };
}

describe('excludedBy: one recipient (an automation’s message) against the block lists and the cap', () => {
  it('leaves out a blocked number, and a person over the cap in its days, across origins', async () => {
    const now = new Date('2026-12-10T12:00:00Z');
    const { db, rules } = rulesOn(() => now);
    importBlockList(db, {
      profile: PROFILE,
      list: { kind: 'procon-sp' },
      fileName: 'p.csv',
      phones: ['+5511999990001'],
      read: 1,
      invalid: 0,
      at: now,
    });
    expect(rules.excludedBy(PROFILE, '+5511999990001', now)).toEqual({
      rule: 'blocked',
      list: { id: 'procon-sp', kind: 'procon-sp', name: null },
    });
    expect(rules.blockedBy(PROFILE, '+5511999990001')).toEqual({
      id: 'procon-sp',
      kind: 'procon-sp',
      name: null,
    });
    expect(rules.excludedBy('demo', '+5511999990001', now)).toBeNull();

    const ana = '+5511988887777';
    const log = (origin: `c${string}` | `a${string}`, ats: number[]) => {
      const w = rules.sendLog.writer(PROFILE, origin, now);
      for (const at of ats) w.add(ana, at);
      w.finish();
    };
    // Four messages, from two campaigns and an automation; one of them 8 days ago.
    log('cAAAA1111', [now.getTime() - 8 * DAY, now.getTime() - 2 * DAY]);
    log('cBBBB2222', [now.getTime() - DAY]);
    log('abirthday', [now.getTime() + DAY]);
    // The cap is off by default.
    expect(rules.excludedBy(PROFILE, ana, now)).toBeNull();
    await rules.handlers['rules:set']({ cap: { on: true, messages: 3, days: 7 } });
    expect(rules.excludedBy(PROFILE, ana, now)).toEqual({ rule: 'cap', messages: 3, days: 7 });
    // A cancelled campaign's message no longer counts.
    rules.sendLog.forget(PROFILE, 'cBBBB2222', [ana]);
    expect(rules.excludedBy(PROFILE, ana, now)).toBeNull();
    db.close();
  });

  it('trims log rows older than the longest cap as new ones come in', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    const { db, rules } = rulesOn(() => now);
    const w = rules.sendLog.writer(PROFILE, 'cOLD', new Date(now.getTime() - 40 * DAY));
    w.add('+5511999990009', now.getTime() - 40 * DAY);
    w.finish();
    rules.sendLog.writer(PROFILE, 'cNEW', now).finish();
    expect(db.prepare('SELECT count(*) FROM send_log').pluck().get()).toBe(0);
    db.close();
  });
});
