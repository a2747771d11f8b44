/**
 * `torpedo privacy requests`, `privacy request add` and `privacy request
 * answer` (issue 35, item 3), and `import --consent-*` (item 4), as separate
 * processes on one data folder, as the owner runs them. Dates are counted
 * from today in Brasília, whatever day the test runs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { addDays } from 'date-fns/addDays';
import { formatInTimeZone } from 'date-fns-tz/formatInTimeZone';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyRequestView } from '@shared/dto';
import { tempFolders, torpedo, type CliRun } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-privacy-');

let dataDir: string;
const run = (...args: string[]) => torpedo([...args, '--data-dir', dataDir]);
const json = <T>(r: CliRun): T => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};
/** A day `days` from today in Brasília (negative: before), `YYYY-MM-DD`. */
const shopDay = (days: number) =>
  formatInTimeZone(addDays(new Date(), days), 'America/Sao_Paulo', 'yyyy-MM-dd');

beforeAll(() => {
  dataDir = folder();
});

// Each step is a process of its own (tsx compiles the CLI at each start): minutes on a busy machine.
const PROCESSES = { timeout: 240_000 };

describe('torpedo privacy request(s)', () => {
  it(
    'records requests with their due dates, lists the open ones first and marks one answered',
    PROCESSES,
    async () => {
      const first = await run(
        'privacy',
        'request',
        'add',
        '--kind',
        'deletion',
        '--phone',
        '(81) 98765-0001',
        '--channel',
        'whatsapp',
        '--received',
        shopDay(-13),
        '--note',
        'Pediu para apagar',
      );
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('deletion from +5581987650001');
      expect(first.stdout).toContain(`due in 2 day(s) (${shopDay(2)})`);

      const overdue = json<PrivacyRequestView>(
        await run(
          'privacy',
          'request',
          'add',
          '--kind',
          'copy',
          '--phone',
          '81987650002',
          '--channel',
          'balcao',
          '--received',
          shopDay(-16),
          '--json',
        ),
      );
      expect([overdue.dueOn, overdue.daysLeft]).toEqual([shopDay(-1), -1]);

      const listed = await run('privacy', 'requests');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.trim().split('\n')).toEqual([
        expect.stringContaining('a copy of their data from +5581987650002'),
        expect.stringContaining('deletion from +5581987650001'),
      ]);
      expect(listed.stdout).toContain('1 day(s) overdue');

      const answered = await run(
        'privacy',
        'request',
        'answer',
        String(overdue.id),
        '--note',
        'Cópia entregue',
      );
      expect(answered.code, answered.stderr).toBe(0);
      expect(answered.stdout).toContain('answered');
      const after = json<PrivacyRequestView[]>(await run('privacy', 'requests', '--json'));
      expect(after.map((r) => [r.kind, r.answerNote, r.daysLeft])).toEqual([
        ['deletion', null, 2],
        ['copy', 'Cópia entregue', null],
      ]);
    },
  );

  it(
    'says what is wrong with a kind, a channel, a number or a request that is not there',
    PROCESSES,
    async () => {
      const kind = await run(
        'privacy',
        'request',
        'add',
        '--kind',
        'forget',
        '--phone',
        '81987650001',
        '--channel',
        'sms',
      );
      expect(kind.code).toBe(2);
      expect(kind.stderr).toContain(
        '--kind is one of access, copy, correction, deletion, consent_withdrawn.',
      );
      const channel = await run(
        'privacy',
        'request',
        'add',
        '--kind',
        'access',
        '--phone',
        '81987650001',
        '--channel',
        'carta',
      );
      expect(channel.code).toBe(2);
      expect(channel.stderr).toContain('--channel is one of balcao, whatsapp, telefone, email, sms, outro.');
      const phone = await run(
        'privacy',
        'request',
        'add',
        '--kind',
        'access',
        '--phone',
        '123',
        '--channel',
        'sms',
      );
      expect(phone.code).toBe(2);
      const missing = await run('privacy', 'request', 'answer', '999');
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('This request is not in the register.');
    },
  );
});

describe('torpedo import --consent-*', () => {
  it('records the whole file’s consent evidence on every row', PROCESSES, async () => {
    const file = join(folder(), 'clientes.csv');
    writeFileSync(file, ['nome;telefone', 'Ana;81987650011', 'Bia;81987650012'].join('\n'));
    const bad = await run('import', file, '--consent-channel', 'carta');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--consent-channel is one of balcao, formulario, site, planilha, outro.');

    const imported = await run(
      'import',
      file,
      '--consent-text',
      'Aceito receber ofertas por SMS',
      '--consent-channel',
      'Balcão',
      '--consent-by',
      'Joana',
    );
    expect(imported.code, imported.stderr).toBe(0);
    const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
    try {
      expect(
        db
          .prepare(
            `SELECT phone, basis, words, channel, collected_by FROM consent_records
              WHERE phone IN ('+5581987650011', '+5581987650012') ORDER BY phone`,
          )
          .all(),
      ).toEqual([
        {
          phone: '+5581987650011',
          basis: 'consent',
          words: 'Aceito receber ofertas por SMS',
          channel: 'balcao',
          collected_by: 'Joana',
        },
        {
          phone: '+5581987650012',
          basis: 'consent',
          words: 'Aceito receber ofertas por SMS',
          channel: 'balcao',
          collected_by: 'Joana',
        },
      ]);
    } finally {
      db.close();
    }
  });
});
