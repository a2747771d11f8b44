/**
 * `torpedo campaign create|send|status` as a user runs them: a separate
 * process (npx tsx) on a data folder, with no connection (local-only core),
 * except where the desktop app read the SMS prices from a real sandbox first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { createCore } from '@core/kernel/create-core';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { startSandbox } from '../../src/sandbox/index';
import { createRecordingHost } from '../support/test-host';
import { tempFolders, torpedo } from '../support/cli-process';

const newFolder = tempFolders('torpedo-cli-campaign-');
function workDir(): string {
  const dir = newFolder();
  return dir;
}

/** A data folder whose list "Clientes" has `n` contacts (the app's own repo wrote them). */
function folderWithList(n: number): string {
  const dataDir = workDir();
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  try {
    const repo = createContactsRepo(db);
    const list = repo.createList('default', 'Clientes');
    const rows = Array.from({ length: n }, (_, i) => ({
      name: `Cliente ${i}`,
      phone: `+55119${10_000_000 + i}`,
      email: null,
      fields: {},
    }));
    repo.upsertMany('default', rows, 'update', list.id);
  } finally {
    db.close();
  }
  return dataDir;
}

function count(dataDir: string, sql: string): number {
  const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
  try {
    return db.prepare(sql).pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('torpedo campaign (a real process, no connection)', () => {
  it(
    'drafts a campaign to a list, queues it, and reports its batches by state',
    { timeout: 120_000 },
    async () => {
      const dataDir = folderWithList(7_000);
      const created = await torpedo([
        'campaign',
        'create',
        '--name',
        'Black Friday',
        '--message',
        'Oi {{nome}}, 20% off hoje!',
        '--list',
        'clientes',
        '--schedule',
        '2030-11-29T09:00:00-03:00',
        '--data-dir',
        dataDir,
        '--json',
      ]);
      expect(created.code, created.stderr).toBe(0);
      const draft = JSON.parse(created.stdout);
      // Never read the SMS prices: the cost is unknown, not zero.
      expect(draft).toEqual({
        id: expect.any(String),
        recipients: 7000,
        batches: 2,
        segments: 7000,
        cost: null,
        shortLinks: null,
        // Said back on the owner's clock, beside the instant kept.
        schedule: {
          at: '2030-11-29T12:00:00.000Z',
          local: '29/11/2030 09:00',
          zone: 'America/Sao_Paulo',
          onEachClock: null,
        },
        // A Friday at 09:00 in São Paulo, every number of the list there: the rules leave out and move nobody.
        excluded: { blocked: 0, cap: 0 },
        moved: { window: 0, holiday: 0, sunday: 0 },
        // Every contact has a name: nobody gets a blank.
        fallbacks: [],
        // The default rules put no business name and no "Como sair" around it (no server reads replies).
        checks: [
          { id: 'noBusinessName', severity: 'warn', params: {} },
          { id: 'noWayToStop', severity: 'warn', params: {} },
        ],
      });
      const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
      const row = db.prepare('SELECT status, options FROM campaigns WHERE id = ?').get(draft.id) as {
        status: string;
        options: string;
      };
      db.close();
      expect(row.status).toBe('draft');
      expect(JSON.parse(row.options).scheduleAt).toBe('2030-11-29T12:00:00.000Z');

      const sent = await torpedo(['campaign', 'send', draft.id, '--data-dir', dataDir, '--json']);
      expect(sent.code, sent.stderr).toBe(0);
      expect(JSON.parse(sent.stdout)).toEqual({
        id: draft.id,
        status: 'queued',
        recipients: 7000,
        batches: 2,
        segments: 7000,
        cost: null,
      });
      expect(count(dataDir, 'SELECT count(*) FROM campaign_messages')).toBe(7000);

      const status = await torpedo(['campaign', 'status', draft.id, '--data-dir', dataDir, '--json']);
      expect(status.code, status.stderr).toBe(0);
      // Its time is ahead: it waits in the outbox, "scheduled" as the app's screens say (one rule).
      expect(JSON.parse(status.stdout)).toEqual({
        id: draft.id,
        status: 'queued',
        shown: 'scheduled',
        batches: { queued: 2, sending: 0, accepted: 0, held: 0, failed: 0, cancelled: 0, total: 2 },
        messages: { accepted: 0, total: 7000 },
        hold: null,
        scheduled: expect.objectContaining({
          messages: 7000,
          firstAt: '2030-11-29T12:00:00.000Z',
          charged: 0,
          waitsAll: true,
        }),
        removed: null,
      });

      const again = await torpedo(['campaign', 'send', draft.id, '--data-dir', dataDir, '--json']);
      expect(again.code).toBe(1);
      expect(JSON.parse(again.stdout).error.code).toBe('campaign_not_draft');

      const text = await torpedo(['campaign', 'status', draft.id, '--data-dir', dataDir]);
      expect(text.stdout).toContain(
        'scheduled: 0 of 7000 message(s) accepted; batches: 2 queued. 7000 message(s) go out',
      );
    },
  );

  it(
    'imports a file into a new list named after the campaign, then drafts to it',
    { timeout: 120_000 },
    async () => {
      const dataDir = workDir();
      const file = join(workDir(), 'clientes.csv');
      writeFileSync(
        file,
        'Nome;Celular;Cidade\nAna;(11) 98765-0001;Recife\nBruno;11 98765-0002;\nCarla;123;Natal\n',
      );
      const args = [
        'campaign',
        'create',
        '--name',
        'Promoção de Natal 2025',
        '--message',
        'Oi {{nome}} de {{cidade|sua cidade}}',
      ];
      const first = await torpedo([...args, '--file', file, '--data-dir', dataDir, '--json']);
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ recipients: 2, batches: 1, segments: 2, cost: null });
      expect(first.stderr).toContain(
        'The list "Promoção de Natal 20" has the file\'s 2 contact(s): 2 new, 0 already in your contacts; 1 row(s) refused',
      );

      // The same name again: a new list, never the first one; the contacts the file brings are
      // already known, and the line says so (it said "0 existing contact(s)" when it added 2).
      const second = await torpedo([...args, '--file', file, '--data-dir', dataDir, '--json']);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain("has the file's 2 contact(s): 0 new, 2 already in your contacts");
      const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
      expect(db.prepare('SELECT name FROM lists ORDER BY name').pluck().all()).toEqual(
        ['Promoção de Natal 20', 'Promoção de Natal 2'].sort(),
      );
      db.close();
    },
  );

  it('prices the draft with the SMS types the app last read', { timeout: 120_000 }, async () => {
    const dataDir = folderWithList(10);
    const sandbox = await startSandbox({ port: 0, seed: 3 });
    try {
      const app = await createCore({
        dataDir,
        host: createRecordingHost(),
        secretStore: createMemorySecretStore(),
      });
      const signedIn = await app.dispatch('session:signIn', {
        accountKey: 'test_cli_campaign_prices',
        baseUrl: sandbox.url,
      });
      expect(signedIn.ok).toBe(true);
      expect((await app.dispatch('campaigns:smsTypes', {})).ok).toBe(true);
      await app.close();
    } finally {
      await sandbox.close();
    }
    const run = await torpedo([
      'campaign',
      'create',
      '--message',
      'Oferta!',
      '--list',
      'Clientes',
      '--sms-type',
      '2',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    // 10 one-part messages at the Premium type's sale price, R$ 0.10.
    expect(JSON.parse(run.stdout)).toMatchObject({ recipients: 10, segments: 10, cost: 1 });
  });

  it('a wrong campaign id fails with the reason, as a real process', { timeout: 120_000 }, async () => {
    const dataDir = folderWithList(1);
    const missing = await torpedo(['campaign', 'send', 'no-such-campaign', '--data-dir', dataDir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Error (not_found)');
  });
});

/** The same command in this process (fast): argument handling and refusals. */
async function runHere(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('torpedo campaign: wrong command lines', () => {
  it('refuses them clearly, exit 2, and leaves no draft behind', async () => {
    const dataDir = folderWithList(2);
    const base = ['campaign', 'create', '--data-dir', dataDir];

    const noText = await runHere([...base, '--list', 'Clientes']);
    expect(noText.code).toBe(2);
    expect(noText.stderr).toContain('--message TEXT');

    for (const wrong of [
      ['--message', 'Oi', '--list', 'Clientes', '--file', 'x.csv'],
      ['--message', 'Oi'],
      ['--message', 'Oi', '--list', 'Clientes', '--sms-type', 'premium'],
      ['--message', 'Oi', '--list', 'Clientes', '--schedule', 'amanhã cedo'],
      ['--message', 'Oi', '--list', 'Clientes', 'extra'],
    ]) {
      expect((await runHere([...base, ...wrong])).code, wrong.join(' ')).toBe(2);
    }
    expect((await runHere(['campaign', 'send', '--data-dir', dataDir])).code).toBe(2);
    expect((await runHere(['campaign', 'launch'])).code).toBe(2);

    const key = await runHere([...base, '--message', 'Oi', '--list', 'Clientes', '--key', 'test_abc123']);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('takes no --key');
    expect(key.stderr).not.toContain('test_abc123');

    const tooLong = await runHere([...base, '--message', 'x'.repeat(1601), '--list', 'Clientes', '--json']);
    expect(tooLong.code).toBe(2);
    expect(JSON.parse(tooLong.stdout).error.fields).toEqual([
      { field: 'template', message: 'At most 1600 characters' },
    ]);
    expect(count(dataDir, 'SELECT count(*) FROM campaigns')).toBe(0);
  });

  it('--schedule is read, never guessed: each form, each refusal (exit 2, naming the forms), and the echo', async () => {
    const dataDir = folderWithList(2);
    const base = ['campaign', 'create', '--data-dir', dataDir, '--message', 'Oi', '--list', 'Clientes'];
    // 5 December as a Brazilian writes it: said back as written (12:00 UTC on Brasília's clock), and kept as
    // 09:00 on each recipient's own clock (issue 26).
    const br = await runHere([...base, '--schedule', '05/12/2030 09:00', '--json']);
    expect(br.code, br.stderr).toBe(0);
    expect(JSON.parse(br.stdout).schedule).toEqual({
      at: '2030-12-05T12:00:00.000Z',
      local: '05/12/2030 09:00',
      zone: 'America/Sao_Paulo',
      onEachClock: '2030-12-05T09:00',
    });
    const text = await runHere([...base, '--schedule', '2030-12-05T09:00-03:00']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Scheduled for 05/12/2030 09:00 Brasília time (2030-12-05T12:00:00.000Z).');

    const refusals: [string, string][] = [
      ['9', 'is a number alone'],
      ['30/02/2030 09:00', 'does not exist'],
      ['05/12/2020 09:00', 'already past'],
      ['2030-12-05T09:00', 'without guessing'],
      ['12/31/2030 09:00', 'does not exist'],
    ];
    for (const [typed, why] of refusals) {
      const run = await runHere([...base, '--schedule', typed, '--json']);
      expect(run.code, typed).toBe(2);
      const error = JSON.parse(run.stdout).error;
      expect(error.code).toBe('usage');
      expect(error.message).toContain(why);
      expect(error.message).toContain('05/12/2026 09:00');
    }

    const empty = await runHere([...base.slice(0, 4), '--message', '  ', '--list', 'Clientes']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--message is empty');
    // Only the two scheduled drafts were made.
    expect(count(dataDir, 'SELECT count(*) FROM campaigns')).toBe(2);
  });

  it('says when the list does not exist, exit 2', async () => {
    const dataDir = folderWithList(1);
    const unknown = await runHere([
      'campaign',
      'create',
      '--message',
      'Oi',
      '--list',
      'Fornecedores',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout).error).toEqual({
      code: 'not_found',
      message: 'There is no list called "Fornecedores".',
    });
  });
});
