/**
 * The one decision of who may receive a message, asked as a batch leaves:
 * opted out first, then a block list (Procon-SP's before the owner's own),
 * then the frequency cap, which at hand-over counts only other senders'
 * messages that already went (the sender's own were counted at its freeze).
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { createRecipientPolicy } from '@core/rules/recipient-policy';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { blankDb } from '../../support/temp-dir';

const NOW = new Date('2026-12-07T15:00:00.000Z');
const HOUR = 3_600_000;

function setUp() {
  const db = blankDb();
  migrate(db, allMigrations);
  db.exec(`
    INSERT INTO opt_outs (profile, phone, created_at, source) VALUES ('p', '+5511900000001', 'x', 'manual');
    INSERT INTO block_lists (profile, id, kind, name, file_name, numbers, updated_at) VALUES
      ('p', 'procon-sp', 'procon-sp', NULL, 'procon.csv', 2, 'x'), ('p', 'other', 'owner', NULL, 'meus.csv', 2, 'x'),
      ('p', 'procon-al', 'procon-al', NULL, 'al.csv', 2, 'x'),
      ('p', 'procon-carioca', 'procon-carioca', NULL, 'rio.csv', 2, 'x'),
      ('p', 'owner-a1', 'owner', 'Fornecedores', 'f.csv', 2, 'x');
    INSERT INTO blocked_numbers (profile, phone, list_id) VALUES
      ('p', '+5511900000001', 'procon-sp'), ('p', '+5511900000002', 'other'),
      ('p', '+5511900000002', 'procon-sp'), ('p', '+5511900000003', 'other'),
      ('p', '+5582900000001', 'procon-al'), ('p', '+5582900000001', 'owner-a1'),
      ('p', '+5521900000001', 'procon-carioca'), ('p', '+5521900000001', 'procon-al'),
      ('p', '+5511900000009', 'owner-a1');
  `);
  const log = db.prepare('INSERT INTO send_log (profile, phone, at, origin) VALUES (?, ?, ?, ?)');
  // Two messages that went yesterday, one of this campaign's own scheduled for later today.
  log.run('p', '+5511900000004', NOW.getTime() - 20 * HOUR, 'cOTHER1');
  log.run('p', '+5511900000004', NOW.getTime() - 10 * HOUR, 'cOTHER2');
  log.run('p', '+5511900000005', NOW.getTime() - 10 * HOUR, 'cOTHER1');
  log.run('p', '+5511900000005', NOW.getTime() + 2 * HOUR, 'cMINE');
  log.run('p', '+5511900000006', NOW.getTime() + 2 * HOUR, 'cLATER');
  return createRecipientPolicy(db);
}

const rules = { ...DEFAULT_RULES, cap: { on: true, messages: 2, days: 7 } };
const phones = [
  '+5511900000001',
  '+5511900000002',
  '+5511900000003',
  '+5511900000004',
  '+5511900000005',
  '+5511900000006',
  '+5511900000007',
];

describe('the recipient policy', () => {
  it('excludes the numbers of each list, several at once, named by the first list that has them', () => {
    const policy = setUp();
    const out = policy.excluded({
      profile: 'p',
      phones: ['+5582900000001', '+5521900000001', '+5511900000009', '+5511900000003', '+5511900000007'],
      rules: DEFAULT_RULES,
      now: NOW,
    });
    expect(Object.fromEntries(out)).toEqual({
      // On Procon-AL's and the owner's "Fornecedores": the register's reason first.
      '+5582900000001': { rule: 'blocked', list: { id: 'procon-al', kind: 'procon-al', name: null } },
      '+5521900000001': { rule: 'blocked', list: { id: 'procon-al', kind: 'procon-al', name: null } },
      '+5511900000009': { rule: 'blocked', list: { id: 'owner-a1', kind: 'owner', name: 'Fornecedores' } },
      '+5511900000003': { rule: 'blocked', list: { id: 'other', kind: 'owner', name: null } },
    });
    // Another profile's lists block nobody here.
    expect(
      policy.excluded({ profile: 'q', phones: ['+5582900000001'], rules: DEFAULT_RULES, now: NOW }).size,
    ).toBe(0);
  });

  it('at hand-over: opted out, then Procon-SP, then the owner’s list, then the cap of what already went', () => {
    const policy = setUp();
    const out = policy.excluded({ profile: 'p', phones, rules, now: NOW, origin: 'cMINE' });
    expect(Object.fromEntries(out)).toEqual({
      '+5511900000001': { rule: 'opted_out' },
      '+5511900000002': { rule: 'blocked', list: { id: 'procon-sp', kind: 'procon-sp', name: null } },
      '+5511900000003': { rule: 'blocked', list: { id: 'other', kind: 'owner', name: null } },
      '+5511900000004': { rule: 'cap', messages: 2, days: 7 },
    });
  });

  it('deciding (no origin) counts scheduled messages too, every sender’s; a test send never asks the cap', () => {
    const policy = setUp();
    const deciding = policy.excluded({
      profile: 'p',
      phones,
      rules: { ...rules, cap: { on: true, messages: 1, days: 7 } },
      now: NOW,
    });
    expect([...deciding.keys()]).toEqual(phones.slice(0, 6));
    const test = policy.excluded({ profile: 'p', phones, rules, now: NOW, cap: false });
    expect([...test.keys()]).toEqual(phones.slice(0, 3));
    expect(policy.excludedOne({ profile: 'other', phone: phones[0]!, rules, now: NOW })).toBeNull();
  });
});
