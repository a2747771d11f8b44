/**
 * `torpedo block` and `torpedo rules` as the owner runs them: separate
 * processes on one data folder (the block list, the rules, the contacts and
 * the campaign build on each other, as they do in a shop), then a campaign
 * sent by a real `torpedo worker` to a sandbox whose ledger holds what each
 * recipient received.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFolders, torpedo, type CliRun } from '../support/cli-process';
import { deliverToSandbox } from '../support/sandbox-delivery';

const folder = tempFolders('torpedo-cli-rules-');

/**
 * Like Procon-SP's "Não Me Ligue" export: DDD and number in their own
 * columns, one number written with its mask, one row that is no number.
 */
const PROCON_FILE = ['DDD;TELEFONE', '11;987650001', '11;9 8765-0009', '19;987650010', '11;sem numero'].join(
  '\r\n',
);
/** Ana is on the Procon-SP list; Bia (São Paulo) and Caio (Rio Branco) are not. */
const CONTACTS = ['nome;telefone', 'Ana;11987650001', 'Bia;11987650002', 'Caio;68999650003'].join('\r\n');

let dataDir: string;
const run = (...args: string[]) => torpedo([...args, '--data-dir', dataDir]);
const json = (r: CliRun) => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

beforeAll(() => {
  dataDir = folder();
});

describe('torpedo rules and torpedo block on one data folder', () => {
  it('rules show gives the defaults; each rules set changes one rule and shows them all', async () => {
    expect(json(await run('rules', 'show', '--json'))).toEqual({
      window: 'mon-fri 09:00-18:00, sat 09:00-13:00',
      sundays: 'on',
      holidays: 'on',
      prefix: 'off',
      cap: 'off',
      howToStop: 'unset',
      howToStopNow: 'off',
      optOutConfirmation: 'off',
    });

    const window = await run('rules', 'set', 'window', 'seg-sex 08:00-17:00, sáb 09:00-12:00');
    expect(window.code, window.stderr).toBe(0);
    expect(window.stdout).toContain(
      "Sending window (each recipient's own clock): mon-fri 08:00-17:00, sat 09:00-12:00",
    );

    expect(json(await run('rules', 'set', 'sundays', 'off', '--json'))).toMatchObject({ sundays: 'off' });
    expect(json(await run('rules', 'set', 'holidays', 'off', '--json'))).toMatchObject({ holidays: 'off' });
    expect(json(await run('rules', 'set', 'cap', '4/7d', '--json'))).toMatchObject({ cap: '4/7d' });
    expect(json(await run('rules', 'set', 'prefix', 'Loja Maria: ', '--json'))).toMatchObject({
      prefix: 'Loja Maria:',
    });
    // Each set is kept: the owner's words for all of them.
    const shown = await run('rules', 'show');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout.split('\n').filter(Boolean)).toEqual([
      "Sending window (each recipient's own clock): mon-fri 08:00-17:00, sat 09:00-12:00",
      'No messages on Sundays: off',
      'No messages on national holidays: off',
      'Business name before every message: Loja Maria:',
      'Frequency cap (messages per person per days): 4/7d',
      'Say how to stop ("Para sair, responda SAIR." at the end): unset, so off until a Torpedo Server reads the replies',
      'Confirm an opt-out by reply with one SMS (costs one SMS each): off',
    ]);
    expect(shown.stderr).toBe('');
  }, 120_000);

  it('rules set how-to-stop turns "Como sair" on, off or back to unset, and says plainly that no server reads the replies', async () => {
    const on = await run('rules', 'set', 'how-to-stop', 'on');
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain('Say how to stop ("Para sair, responda SAIR." at the end): on');
    expect(on.stderr).toContain(
      'no Torpedo Server reads replies on this computer, so a customer\'s "SAIR" is never seen',
    );
    expect(json(await run('rules', 'show', '--json'))).toMatchObject({ howToStop: 'on', howToStopNow: 'on' });
    expect(json(await run('rules', 'set', 'how-to-stop', 'off', '--json'))).toMatchObject({
      howToStop: 'off',
      howToStopNow: 'off',
    });
    const confirm = await run('rules', 'set', 'opt-out-confirmation', 'on');
    expect(confirm.code, confirm.stderr).toBe(0);
    expect(confirm.stdout).toContain('Confirm an opt-out by reply with one SMS (costs one SMS each): on');
    expect(json(await run('rules', 'set', 'opt-out-confirmation', 'off', '--json'))).toMatchObject({
      optOutConfirmation: 'off',
    });
    const bad = await run('rules', 'set', 'how-to-stop', 'sim');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('rules set how-to-stop takes on, off or unset');
    const unset = await run('rules', 'set', 'how-to-stop', 'unset');
    expect(unset.code, unset.stderr).toBe(0);
    expect(unset.stderr).toBe('');
    expect(json(await run('rules', 'show', '--json'))).toMatchObject({
      howToStop: 'unset',
      howToStopNow: 'off',
    });
  }, 120_000);

  it('bad input: a malformed window, a cap of 0 or a bad on/off exit 2 saying what to write; a missing file exits 1 naming it', async () => {
    const cases: [string[], string][] = [
      [['rules', 'set', 'window', 'mon-fri 18:00-09:00'], 'the hours must end after they start'],
      // Issue 32: a day named twice was overridden unseen.
      [
        ['rules', 'set', 'window', 'mon-fri 09:00-18:00, fri 14:00-20:00'],
        '"fri 14:00-20:00" overlaps "mon-fri 09:00-18:00" on Friday: a day has one window',
      ],
      [
        ['rules', 'set', 'cap', '0/7d'],
        'rules set cap takes N/Dd (at most N messages per D days), e.g. 4/7d, or off.',
      ],
      [['rules', 'set', 'sundays', 'maybe'], 'rules set sundays takes "on" or "off".'],
    ];
    for (const [args, said] of cases) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(said);
    }
    // As `torpedo import` says it: the file, and why it could not be read.
    const missing = await run('block', 'import', join(dataDir, 'nao-existe.csv'), '--source', 'procon-sp');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Cannot import nao-existe.csv: The file could not be read (ENOENT).');
    // Nothing was changed by them, nothing imported.
    expect(json(await run('rules', 'show', '--json'))).toMatchObject({
      window: 'mon-fri 08:00-17:00, sat 09:00-12:00',
      cap: '4/7d',
    });
    expect(json(await run('block', 'list', '--json'))).toEqual([]);
  }, 120_000);

  it('block import reads a Procon-SP file; block list shows it, and reminds when it is over 30 days old', async () => {
    const file = join(folder(), 'naomeligue.csv');
    writeFileSync(file, PROCON_FILE);
    expect(json(await run('block', 'import', file, '--list', 'procon-sp', '--json'))).toEqual({
      list: { id: 'procon-sp', kind: 'procon-sp', name: null },
      read: 4,
      numbers: 3,
      added: 3,
      removed: 0,
      invalid: 1,
    });
    const listed = await run('block', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.stdout.trim()).toBe(
      `Procon-SP "Não Me Ligue": 3 number(s), imported ${today} (0 day(s) ago) from naomeligue.csv.`,
    );

    // The same list imported 40 days ago is stale: the reminder says to import the current one.
    const db = new Sqlite(join(dataDir, 'torpedo.db'));
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const { updated_at: was } = db.prepare('SELECT updated_at FROM block_lists').get() as {
      updated_at: string;
    };
    db.prepare('UPDATE block_lists SET updated_at = ?').run(old);
    db.close();
    try {
      const stale = await run('block', 'list');
      expect(stale.stdout).toContain(`imported ${old.slice(0, 10)} (40 day(s) ago) from naomeligue.csv.`);
      expect(stale.stdout).toContain(
        'Import the current list: Procon-SP blocks a number 30 days after it is registered.',
      );
      expect(json(await run('block', 'list', '--json'))).toMatchObject([
        { list: 'procon-sp', kind: 'procon-sp', name: null, importedAt: old },
      ]);
    } finally {
      const back = new Sqlite(join(dataDir, 'torpedo.db'));
      back.prepare('UPDATE block_lists SET updated_at = ?').run(was);
      back.close();
    }
  }, 120_000);

  it(
    'a campaign to a list holding a blocked number leaves it out (--json excluded.blocked: 1), the sandbox receives the others with the business name first, and the cap then leaves them out of the next',
    { timeout: 180_000 },
    async () => {
      const file = join(folder(), 'clientes.csv');
      writeFileSync(file, CONTACTS);
      expect(json(await run('import', file, '--list', 'Clientes', '--json'))).toMatchObject({ imported: 3 });
      // Whatever the hour the suite runs at: the window set above (08:00-17:00) would hold the batch
      // for tomorrow in the evening, and the sandbox would have nothing yet.
      for (const rule of ['window', 'sundays', 'holidays']) {
        expect((await run('rules', 'set', rule, 'off')).code).toBe(0);
      }

      const draft = json(
        await run('campaign', 'create', '--message', 'Pão quentinho hoje!', '--list', 'Clientes', '--json'),
      );
      expect(draft).toMatchObject({ recipients: 2, excluded: { blocked: 1, cap: 0 } });

      const sent = await run('campaign', 'send', String(draft.id));
      expect(sent.code, sent.stderr).toBe(0);
      // Ana (on the Procon-SP list) got nothing; everyone else got the text with the business name in front.
      expect(await deliverToSandbox(dataDir, 26)).toEqual([
        ['11987650002', 'Loja Maria: Pão quentinho hoje!'],
        ['68999650003', 'Loja Maria: Pão quentinho hoje!'],
      ]);
      // With the cap at 1 a week, the two who just got one are left out of the next campaign.
      expect(json(await run('rules', 'set', 'cap', '1/7d', '--json'))).toMatchObject({ cap: '1/7d' });
      const next = json(
        await run('campaign', 'create', '--message', 'De novo', '--list', 'Clientes', '--json'),
      );
      expect(next).toMatchObject({ recipients: 0, excluded: { blocked: 1, cap: 2 } });
    },
  );
});
