/**
 * `torpedo segments` and `campaign create --segment` as a user runs them:
 * separate processes (npx tsx) on a data folder whose contacts came in with
 * `torpedo import` (a city, a last purchase date and a total spent), on
 * today's real clock (the sheet's dates are written relative to it).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactsPageView, ListView } from '@shared/dto';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../support/test-host';
import { tempFolders, torpedo, type CliRun } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-segments-');
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const br = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Each row's last purchase (null: none), to work out what the date conditions must count. */
const PURCHASES: (Date | null)[] = [
  daysAgo(10),
  daysAgo(400),
  daysAgo(30),
  null,
  new Date('2020-03-15T12:00:00Z'),
];
const SHEET = [
  'nome;telefone;email;cidade;ultima_compra;total_gasto',
  `Ana;81987650001;ana@x.com;Recife;${br(PURCHASES[0]!)};500`,
  `Bia;81987650002;;São Paulo;${br(PURCHASES[1]!)};1.234,50`,
  `Caio;11987650003;caio@x.com;RECIFE;${iso(PURCHASES[2]!)};50`,
  'Davi;11987650004;;Olinda;;',
  'Fábio;85987650006;;Recífe;15/03/2020;700',
].join('\r\n');
const bought = (test: (d: Date) => boolean) => PURCHASES.filter((d) => d !== null && test(d)).length;

let dataDir: string;
const run = (...args: string[]) => torpedo([...args, '--data-dir', dataDir]);
/** In a Portuguese terminal: the built-in fields are named as the composer names them in Portuguese. */
const runPt = (...args: string[]) =>
  torpedo([...args, '--data-dir', dataDir], { LANG: 'pt_BR.UTF-8', LC_ALL: 'pt_BR.UTF-8' });
const json = (r: CliRun) => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

beforeAll(async () => {
  dataDir = folder();
  const file = join(folder(), 'clientes.csv');
  writeFileSync(file, SHEET);
  const imported = json(await run('import', file, '--json'));
  expect(imported).toMatchObject({ read: 5, imported: 5, invalid: 0 });
  // The app puts Ana and Davi in a list (the CLI has no list editing).
  const core = await createCore({
    dataDir,
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  const call = async <T>(channel: string, input: unknown) => {
    const result = await core.dispatchUntrusted(channel, input);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  };
  const vip = await call<ListView>('lists:create', { name: 'Clientes VIP' });
  const rows = (await call<ContactsPageView>('contacts:search', { limit: 10 })).rows;
  const ids = rows.filter((r) => r.name === 'Ana' || r.name === 'Davi').map((r) => r.id);
  await call('contacts:addToList', { listId: vip.id, ids });
  // Ana gave her consent at the shop (LGPD); Caio is messaged on legitimate interest, which is not consent.
  const idOf = (name: string) => rows.find((r) => r.name === name)!.id;
  await call('contacts:update', {
    id: idOf('Ana'),
    consent: { basis: 'consent', source: 'ficha', at: '2026-03-15' },
  });
  await call('contacts:update', {
    id: idOf('Caio'),
    consent: { basis: 'legitimate_interest', source: null, at: null },
  });
  await core.close();
}, 120_000);

describe('torpedo segments count --where: every example of the issue', () => {
  const examples: [string, number][] = [
    ['cidade = Recife', 3],
    ['cidade != Recife', 2],
    ['cidade contains rec', 3],
    ['email empty', 3],
    ['email not-empty', 2],
    ['ddd = 11', 2],
    ['uf = PE', 2],
    ['lista = "Clientes VIP"', 2],
    ['ultima_compra before 2026-06-01', bought((d) => iso(d) < '2026-06-01')],
    ['ultima_compra before 01/06/2026', bought((d) => iso(d) < '2026-06-01')],
    ['ultima_compra in-last 90d', 2],
    ['total_gasto > 500', 2],
    ['ultima_compra month = 3', bought((d) => d.getUTCMonth() === 2)],
    // A segment can require consent on record.
    ['consentimento = sim', 1],
  ];
  it.each(examples)('%s → %i', async (where, expected) => {
    expect(json(await run('segments', 'count', '--where', where, '--json')).count).toBe(expected);
  });
});

describe('torpedo segments create, list, count NAME, and a campaign to it', () => {
  it(
    'saves a two-condition segment, lists it as typed, counts it by name, drafts a campaign to it',
    { timeout: 180_000 },
    async () => {
      const created = json(
        await run(
          'segments',
          'create',
          '--name',
          'Recife recentes',
          '--where',
          'cidade = Recife',
          '--where',
          'ultima_compra in-last 90d',
          '--json',
        ),
      );
      expect(created).toEqual({
        name: 'Recife recentes',
        match: 'all',
        where: ['cidade = Recife', 'ultima_compra in-last 90d'],
        count: 2,
        recipients: 2,
        optedOut: 0,
        landlines: 0,
      });
      const any = await run(
        'segments',
        'create',
        '--name',
        'Capital',
        '--match',
        'any',
        '--where',
        'ddd = 11',
        '--where',
        'lista = "Clientes VIP"',
      );
      expect(any.code, any.stderr).toBe(0);
      expect(any.stdout).toContain('Segment "Capital" saved: 3 contact(s)');
      expect(json(await runPt('segments', 'list', '--json'))).toEqual([
        { name: 'Capital', match: 'any', where: ['ddd = 11', 'lista = "Clientes VIP"'] },
        { name: 'Recife recentes', match: 'all', where: ['cidade = Recife', 'ultima_compra in-last 90d'] },
      ]);
      expect(json(await run('segments', 'count', 'recife recentes', '--json'))).toEqual({
        count: 2,
        recipients: 2,
        optedOut: 0,
        landlines: 0,
      });

      const campaign = json(
        await run(
          'campaign',
          'create',
          '--segment',
          'Recife recentes',
          '--message',
          'Oi {{nome}}, volte logo!',
          '--json',
        ),
      );
      expect(campaign).toMatchObject({ recipients: 2, batches: 1 });
    },
  );

  it(
    'exits 2 naming an unknown field or an operator that does not fit its type',
    { timeout: 120_000 },
    async () => {
      const unknown = await run('segments', 'count', '--where', 'bairro = Centro');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('No field is called "bairro"');
      const operator = await run(
        'segments',
        'create',
        '--name',
        'X',
        '--where',
        'total_gasto contains 5',
        '--json',
      );
      expect(operator.code).toBe(2);
      expect(JSON.parse(operator.stdout).error).toMatchObject({
        code: 'invalid_input',
        message: '"contains" does not fit total_gasto (a number field).',
      });
      const noSegment = await run('campaign', 'create', '--segment', 'Nenhum', '--message', 'Oi');
      expect(noSegment.code).toBe(2);
      expect(noSegment.stderr).toContain('There is no segment called "Nenhum"');
    },
  );
});

describe('torpedo segments: quotes and odd values (issue 32)', () => {
  const en = { LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
  const pt = { LANG: 'pt_BR.UTF-8', LC_ALL: 'pt_BR.UTF-8' };
  // Four CLI processes: on a loaded 2-core machine each can take ten seconds.
  it(
    'a quoted value may hold an apostrophe; unquoted, the error says to quote it, in both languages',
    { timeout: 120_000 },
    async () => {
      const quoted = await run('segments', 'count', '--where', `cidade = "Santa Bárbara d'Oeste"`, '--json');
      expect(json(quoted).count).toBe(0);
      const curly = await run(
        'segments',
        'count',
        '--where',
        `cidade = \u201cSanta Bárbara d'Oeste\u201d`,
        '--json',
      );
      expect(json(curly).count).toBe(0);

      const where = ['segments', 'count', '--where', `cidade = Santa Bárbara d'Oeste`, '--data-dir', dataDir];
      const bare = await torpedo(where, en);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toContain(
        `"cidade = Santa Bárbara d'Oeste" is not a condition: a value with a quote (') goes in double quotes`,
      );
      const bareJson = await torpedo([...where, '--json'], pt);
      expect(bareJson.code).toBe(2);
      expect(JSON.parse(bareJson.stdout).error.message).toContain('vai entre aspas duplas');
    },
  );

  it('nome contains % names the value typed', async () => {
    const percent = await torpedo(
      ['segments', 'count', '--where', 'nome contains %', '--data-dir', dataDir, '--json'],
      en,
    );
    expect(percent.code).toBe(2);
    expect(JSON.parse(percent.stdout).error.message).toBe(
      'nome contains takes a text with letters or digits; "%" is not.',
    );
  });
});
