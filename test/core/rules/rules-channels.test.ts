import { describe, expect, it } from 'vitest';
import { importBlockList } from '@core/rules/rules-module';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { PROFILE, startComposer } from '../campaigns/composer/composer-harness';

const DAY = 86_400_000;

describe('rules: the owner’s sending rules and block lists through the contract', () => {
  it('starts from the strictest common rules, and changes only the rules given', async () => {
    const c = await startComposer({ now: () => new Date('2026-12-01T12:00:00Z'), defaultRules: true });
    const first = await c.call('rules:get', {});
    expect(first.rules).toEqual(DEFAULT_RULES);
    // This year's holidays and next year's, in date order.
    expect(first.holidays[0]).toEqual({ date: '2026-01-01', name: 'newYear', kind: 'national' });
    expect(first.holidays.at(-1)).toEqual({ date: '2027-12-25', name: 'christmas', kind: 'national' });
    expect(first.blockLists).toEqual([]);

    const set = await c.call('rules:set', {
      prefix: '  Loja Maria:  ',
      cap: { on: true, messages: 4, days: 7 },
      sundays: false,
    });
    expect(set.rules).toEqual({
      ...DEFAULT_RULES,
      prefix: 'Loja Maria:',
      cap: { on: true, messages: 4, days: 7 },
      sundays: false,
    });
    // Kept on disk for the data folder: a core opened later (the CLI) reads the same.
    expect((await c.call('rules:get', {})).rules.prefix).toBe('Loja Maria:');

    const refused = await c.fail('rules:set', {
      window: { on: true, hours: { ...DEFAULT_RULES.window.hours, mon: { start: '18:00', end: '09:00' } } },
    });
    expect(refused.code).toBe('invalid_input');
    const noDays = await c.fail('rules:set', {
      window: {
        on: true,
        hours: {
          mon: null,
          tue: null,
          wed: null,
          thu: null,
          fri: null,
          sat: null,
          sun: { start: '09:00', end: '10:00' },
        },
      },
    });
    expect(noDays.details?.fields?.[0]?.message).toMatch(/Monday to Saturday/);
    expect((await c.fail('rules:set', { prefix: 'Loja\nMaria' })).code).toBe('invalid_input');
    expect((await c.fail('rules:set', { cap: { on: true, messages: 4, days: 60 } })).code).toBe(
      'invalid_input',
    );
  });

  it('keeps a rule stored damaged at its default and the others as the owner set them', async () => {
    const c = await startComposer({ defaultRules: true });
    c.db
      .prepare(`INSERT INTO sending_rules (id, rules, updated_at) VALUES (1, ?, 'x')`)
      .run(JSON.stringify({ prefix: 'Loja Maria:', sundays: 'yes', window: { on: 'maybe' } }));
    const { rules } = await c.call('rules:get', {});
    expect(rules).toEqual({ ...DEFAULT_RULES, prefix: 'Loja Maria:' });
  });

  it('keeps "Como sair" as the owner chose it (on, off, or back to unset), off while no server reads replies', async () => {
    const c = await startComposer({ defaultRules: true });
    const first = await c.call('rules:get', {});
    expect(first.rules.howToStop).toBe('unset');
    // compose-core has no server yet: unset is off, and the view says why.
    expect(first.howToStop).toEqual({ on: false, serverConnected: false });

    const on = await c.call('rules:set', { howToStop: 'on' });
    expect(on.rules.howToStop).toBe('on');
    expect(on.howToStop).toEqual({ on: true, serverConnected: false });
    // Its own column; the other rules stay in the JSON, untouched by the choice.
    expect(c.db.prepare('SELECT how_to_stop FROM sending_rules').pluck().get()).toBe('on');
    await c.call('rules:set', { prefix: 'Loja Maria:' });
    expect((await c.call('rules:get', {})).rules).toMatchObject({ howToStop: 'on', prefix: 'Loja Maria:' });

    expect((await c.call('rules:set', { howToStop: 'off' })).howToStop.on).toBe(false);
    const unset = await c.call('rules:set', { howToStop: 'unset' });
    expect(unset.rules.howToStop).toBe('unset');
    expect(c.db.prepare('SELECT how_to_stop FROM sending_rules').pluck().get()).toBeNull();
    expect((await c.fail('rules:set', { howToStop: 'yes' as 'on' })).code).toBe('invalid_input');
  });

  it('replaces a list’s numbers on a new import, says what changed, and names each list stale after its own 30 days', async () => {
    let now = new Date('2026-12-01T12:00:00Z');
    const c = await startComposer({ now: () => now, defaultRules: true });
    const first = importBlockList(c.db, {
      profile: PROFILE,
      list: { kind: 'procon-sp' },
      fileName: 'nao-me-ligue-novembro.csv',
      phones: ['+5511999990001', '+5511999990002', '+5511999990002', '+5511999990003'],
      read: 5,
      invalid: 1,
      at: now,
    });
    expect(first).toEqual({
      list: { id: 'procon-sp', kind: 'procon-sp', name: null },
      read: 5,
      numbers: 3,
      added: 3,
      removed: 0,
      invalid: 1,
    });
    const second = importBlockList(c.db, {
      profile: PROFILE,
      list: { id: 'procon-sp' },
      fileName: 'nao-me-ligue-dezembro.csv',
      phones: ['+5511999990002', '+5511999990003', '+5511999990004'],
      read: 3,
      invalid: 0,
      at: now,
      mode: 'replace',
    });
    expect(second).toMatchObject({ numbers: 3, added: 1, removed: 1 });
    // An owner's list, imported twenty days later: its own reminder.
    const own = importBlockList(c.db, {
      profile: PROFILE,
      list: { kind: 'owner', name: 'Não ligar' },
      fileName: 'nao-ligar.txt',
      phones: ['+5521988887777'],
      read: 1,
      invalid: 0,
      at: new Date(now.getTime() + 20 * DAY),
    });
    expect(own.list).toEqual({ id: expect.stringMatching(/^owner-/), kind: 'owner', name: 'Não ligar' });

    now = new Date(now.getTime() + 31 * DAY);
    expect(await c.call('rules:blockLists', {})).toEqual([
      {
        id: 'procon-sp',
        kind: 'procon-sp',
        name: null,
        fileName: 'nao-me-ligue-dezembro.csv',
        numbers: 3,
        updatedAt: '2026-12-01T12:00:00.000Z',
        fileDate: null,
        stale: true,
        before: {
          fileName: 'nao-me-ligue-novembro.csv',
          numbers: 3,
          updatedAt: '2026-12-01T12:00:00.000Z',
          fileDate: null,
        },
      },
      {
        ...own.list,
        fileName: 'nao-ligar.txt',
        numbers: 1,
        updatedAt: '2026-12-21T12:00:00.000Z',
        fileDate: null,
        stale: false,
        before: null,
      },
    ]);
    expect(await c.call('rules:removeBlockList', { list: 'procon-sp' })).toEqual({ removed: 3 });
    expect((await c.call('rules:get', {})).blockLists.map((l) => l.name)).toEqual(['Não ligar']);
    expect(c.db.prepare('SELECT phone FROM blocked_numbers').pluck().all()).toEqual(['+5521988887777']);
    // A removed list's kept numbers go with it: no undo brings it back.
    expect(c.db.prepare('SELECT count(*) FROM block_list_undo_numbers').pluck().get()).toBe(0);
    expect((await c.fail('rules:undoBlockImport', { list: 'procon-sp' })).code).toBe('not_found');
  });
});
