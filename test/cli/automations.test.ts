/**
 * `torpedo automations …` as the issue gives it, run in this process
 * through runCli (the same entry as the binary, on a real data folder), and
 * `torpedo worker --until-idle` as a real process that hands over what is
 * due and delivers it to a real sandbox, each message with its schedule.
 */
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { createCore } from '@core/kernel/create-core';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { startSandbox } from '../../src/sandbox/index';
import { sendAnyTime } from '../support/any-time-rules';
import { createRecordingHost } from '../support/test-host';
import { tempFolders, torpedo } from '../support/cli-process';

const newFolder = tempFolders('torpedo-cli-automations-');

/** Today and tomorrow on Brasília time, as AAAA-MM-DD. */
function brasiliaDays(): { today: string; tomorrow: string } {
  const key = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
  return { today: key(Date.now()), tomorrow: key(Date.now() + 24 * 3_600_000) };
}

/** A data folder with a template "Parabéns", a list "VIP" and contacts, two with a birthday tomorrow. */
async function shop(): Promise<{ dataDir: string; tomorrow: string }> {
  const dataDir = newFolder();
  const { tomorrow } = brasiliaDays();
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  try {
    // The shop's window is in Portuguese: the names the automations get by default follow it.
    await core.dispatch('settings:update', { language: 'pt-BR' });
    // Not a test of the sending rules: tomorrow may be a Sunday or a holiday, greeted the day before under them.
    await sendAnyTime(core);
    const made = await core.dispatch('templates:create', {
      name: 'Parabéns',
      text: 'Parabéns, {{primeiro_nome|cliente}}!',
    });
    if (!made.ok) throw new Error(made.error.message);
    await core.dispatch('templates:create', { name: 'Promo', text: 'Oferta da semana na Loja Maria!' });
  } finally {
    await core.close();
  }
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  try {
    const repo = createContactsRepo(db);
    const vip = repo.createList('default', 'VIP');
    const [, month, day] = tomorrow.split('-').map(Number);
    const ana = repo.create('default', {
      name: 'Ana Souza',
      phone: '+5511987650001',
      birthday: { day: day!, month: month!, year: 1990 },
    });
    repo.create('default', {
      name: 'Bia Lima',
      phone: '+5511987650002',
      birthday: { day: day!, month: month!, year: null },
    });
    repo.create('default', { name: 'Caio Reis', phone: '+5511987650003' });
    repo.addToList('default', vip.id, [ana.id]);
  } finally {
    db.close();
  }
  return { dataDir, tomorrow };
}

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}

describe('torpedo automations', () => {
  it('takes a segment by name as the audience (--segment), and names one that is not there', async () => {
    const { dataDir } = await shop();
    const at = ['--data-dir', dataDir];
    const made = await cli([
      'segments',
      'create',
      '--name',
      'Capital',
      '--where',
      'telefone contains 98765000',
      ...at,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const created = await cli([
      'automations',
      'create',
      '--type',
      'birthday',
      '--template',
      'Parabéns',
      '--segment',
      'capital',
      ...at,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.json()).toMatchObject({
      audience: { kind: 'segment' },
      audienceName: 'Capital',
      next: { recipients: 2 },
    });
    const missing = await cli([
      'automations',
      'create',
      '--type',
      'birthday',
      '--template',
      'Parabéns',
      '--segment',
      'Interior',
      ...at,
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no segment called "Interior"');
  });

  it('creates birthday and recurring automations from the options the issue gives, lists, pauses and resumes them by name', async () => {
    const { dataDir } = await shop();
    const at = ['--data-dir', dataDir];
    const birthday = await cli([
      'automations',
      'create',
      '--type',
      'birthday',
      '--template',
      'parabens',
      ...at,
      '--json',
    ]);
    expect(birthday.code, birthday.stderr).toBe(0);
    expect(birthday.json()).toMatchObject({
      name: 'Aniversários',
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
      audience: { kind: 'everyone' },
      templateName: 'Parabéns',
      next: { recipients: 2 },
    });
    const vip = await cli([
      'automations',
      'create',
      '--type',
      'birthday',
      '--template',
      'Parabéns',
      '--list',
      'VIP',
      '--at',
      '8:30',
      '--days-before',
      '2',
      '--name',
      'VIP',
      ...at,
      '--json',
    ]);
    expect(vip.json()).toMatchObject({
      rule: { at: '08:30', daysBefore: 2 },
      audience: { kind: 'list' },
      audienceName: 'VIP',
    });
    const recurring = await cli([
      'automations',
      'create',
      '--type',
      'recurring',
      '--template',
      'Promo',
      '--list',
      'vip',
      '--every',
      'week seg,qui',
      '--at',
      '10:00',
      '--from',
      '05/03/2027',
      '--until',
      '2027-12-31',
      ...at,
      '--json',
    ]);
    expect(recurring.code, recurring.stderr).toBe(0);
    expect(recurring.json()).toMatchObject({
      name: 'Envio recorrente',
      rule: {
        kind: 'recurring',
        at: '10:00',
        every: { unit: 'week', weekdays: ['mon', 'thu'] },
        from: '2027-03-05',
        until: '2027-12-31',
      },
    });
    const monthly = await cli([
      'automations',
      'create',
      '--type',
      'recurring',
      '--template',
      'Promo',
      '--list',
      'VIP',
      '--every',
      'month 31',
      '--at',
      '09:00',
      '--name',
      'Fim do mês',
      ...at,
      '--json',
    ]);
    expect(monthly.json()).toMatchObject({
      rule: { every: { unit: 'month', day: 31 }, from: brasiliaDays().today, until: null },
    });

    const list = await cli(['automations', 'list', ...at]);
    expect(list.stdout).toMatch(
      /^Aniversários {2}active {2}birthdays at 09:00 {2}to everyone {2}template "Parabéns" {2}next \d\d\/\d\d\/\d{4} 09:00 to 2$/m,
    );
    expect(list.stdout).toMatch(
      /^Envio recorrente {2}active {2}every mon,thu at 10:00, from 05\/03\/2027 until 31\/12\/2027 {2}to list "VIP"/m,
    );

    const paused = await cli(['automations', 'pause', 'envio RECORRENTE', ...at]);
    expect(paused.stdout).toBe(
      'Envio recorrente: paused (nothing more is handed over until "automations resume").\n',
    );
    expect((await cli(['automations', 'list', ...at, '--json'])).stdout).toContain('"status": "paused"');
    expect((await cli(['automations', 'resume', 'Envio recorrente', ...at])).code).toBe(0);
    const missing = await cli(['automations', 'pause', 'Natal', ...at]);
    // A name that does not exist is a usage error, as for segments, lists, campaigns and templates.
    expect({ code: missing.code, err: missing.stderr }).toEqual({
      code: 2,
      err: expect.stringContaining('There is no automation called "Natal"'),
    });
  });

  it('refuses a command line it cannot run (exit 2), naming what is wrong', async () => {
    const { dataDir } = await shop();
    const at = ['--data-dir', dataDir];
    const refusals: [string[], RegExp][] = [
      [
        ['--type', 'recurring', '--template', 'Promo', '--list', 'VIP', '--at', '10:00'],
        /Say how often: --every/,
      ],
      [
        ['--type', 'recurring', '--template', 'Promo', '--every', 'day', '--at', '10:00'],
        /Say to whom: --list NAME or --segment NAME/,
      ],
      [
        [
          '--type',
          'recurring',
          '--template',
          'Promo',
          '--list',
          'VIP',
          '--every',
          'fortnight',
          '--at',
          '10:00',
        ],
        /--every takes "day", "week mon,thu" or "month 5"/,
      ],
      [
        [
          '--type',
          'recurring',
          '--template',
          'Promo',
          '--list',
          'VIP',
          '--every',
          'month 32',
          '--at',
          '10:00',
        ],
        /a day of the month, 1 to 31/,
      ],
      [
        [
          '--type',
          'recurring',
          '--template',
          'Promo',
          '--list',
          'VIP',
          '--every',
          'day',
          '--at',
          '10:00',
          '--from',
          '31/02/2027',
        ],
        /--from takes a date as DD\/MM\/AAAA/,
      ],
      [['--type', 'birthday', '--template', 'Parabéns', '--at', '25:00'], /--at takes a time as HH:MM/],
      [
        ['--type', 'birthday', '--template', 'Parabéns', '--days-before', '45'],
        /--days-before takes a number of days from 0 to 30/,
      ],
      [['--type', 'birthday', '--template', 'Parabéns', '--every', 'day'], /--every is for --type recurring/],
      [['--type', 'weekly', '--template', 'Promo'], /--type birthday or --type recurring/],
    ];
    for (const [args, message] of refusals) {
      const run = await cli(['automations', 'create', ...args, ...at]);
      expect({ args, code: run.code, said: message.test(run.stderr) }).toEqual({ args, code: 2, said: true });
    }
    const unknown = await cli(['automations', 'create', '--type', 'birthday', '--template', 'Natal', ...at]);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('There is no template called "Natal"'),
    });
    expect((await cli(['automations', 'forecast', '--days', '400', ...at])).code).toBe(2);
  });

  it('log and forecast, in words and in JSON with the issue’s shape', async () => {
    const { dataDir, tomorrow } = await shop();
    const at = ['--data-dir', dataDir];
    await cli(['automations', 'create', '--type', 'birthday', '--template', 'Parabéns', ...at]);
    const forecast = await cli(['automations', 'forecast', '--days', '7', ...at, '--json']);
    expect(forecast.code, forecast.stderr).toBe(0);
    const f = forecast.json() as {
      messages: number;
      segments: number;
      cost: null;
      days: { date: string; messages: number; cost: null }[];
    };
    expect(Object.keys(f).slice(0, 4)).toEqual(['messages', 'segments', 'cost', 'days']);
    expect(f).toMatchObject({ messages: 2, segments: 2, cost: null });
    expect(f.days).toHaveLength(7);
    expect(f.days.find((d) => d.date === tomorrow)).toEqual({ date: tomorrow, messages: 2, cost: null });
    const words = await cli(['automations', 'forecast', ...at]);
    expect(words.stdout).toMatch(
      /^Next 30 days: 2 birthday\(s\), 2 message\(s\), 2 SMS, cost unknown \(prices not read yet\); the balance was never read here/,
    );

    const log = await cli(['automations', 'log', 'Aniversários', ...at, '--json']);
    expect(log.json()).toMatchObject({
      upcoming: [{ date: tomorrow, state: 'waiting', recipients: 2 }],
      occurrences: [],
    });
  });

  it(
    'worker --until-idle hands over tomorrow’s birthdays, which wait in the outbox for 09:00 of their day (nothing at the service yet)',
    { timeout: 60_000 },
    async () => {
      const sandbox = await startSandbox({ port: 0, seed: 4 });
      try {
        const { dataDir, tomorrow } = await shop();
        const key = `test_cli_automations_${Date.now()}`;
        const at = ['--data-dir', dataDir];
        await cli(['automations', 'create', '--type', 'birthday', '--template', 'Parabéns', ...at]);
        const run = await torpedo([
          'worker',
          '--until-idle',
          ...at,
          '--base-url',
          sandbox.url,
          '--key',
          key,
          '--json',
        ]);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain('Automations: 1 occurrence(s) handed over (2 message(s)).');
        // The last moment decides who gets them: they wait here, not at the service, until their time.
        expect(sandbox.ledger(key).messages).toEqual([]);
        const summary = JSON.parse(run.stdout) as { idle: boolean; campaigns: { status: string }[] };
        expect(summary.idle).toBe(true);
        expect(summary.campaigns.map((c) => c.status)).toEqual(['queued']);
        const nine = new Date(`${tomorrow}T09:00:00-03:00`).getTime();
        const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
        expect(db.prepare('SELECT not_before FROM campaign_batches').pluck().all()).toEqual([nine]);
        db.close();
        // A second run finds it handed over: nothing more.
        const again = await torpedo([
          'worker',
          '--until-idle',
          ...at,
          '--base-url',
          sandbox.url,
          '--key',
          key,
        ]);
        expect(again.code).toBe(0);
        expect(sandbox.ledger(key).messages).toEqual([]);
      } finally {
        await sandbox.close();
      }
    },
  );
});
