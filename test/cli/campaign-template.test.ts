/**
 * `torpedo campaign create --template NAME` as the owner runs it: the saved
 * template's text (and its SMS type) drafted to a list, `--json` saying who
 * gets a fallback, sent by a real `torpedo worker` process to a sandbox whose
 * ledger holds exactly what each recipient received.
 */
import { join } from 'node:path';
import { createRulesRepo } from '@core/rules/rules-repo';
import { ANY_TIME } from '../support/any-time-rules';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { createCore } from '@core/kernel/create-core';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../support/test-host';
import { tempFolders } from '../support/cli-process';
import { deliverToSandbox } from '../support/sandbox-delivery';

const newFolder = tempFolders('torpedo-cli-campaign-template-');

/** List "Clientes": Ana, a contact with no name, Caio; Davi is a contact outside it. */
async function folderWithTemplate(): Promise<string> {
  const dataDir = newFolder();
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  // Rules that move nothing (test/support/any-time-rules.ts): the campaign goes whatever the hour.
  createRulesRepo(db).set(ANY_TIME, new Date());
  try {
    const repo = createContactsRepo(db);
    const list = repo.createList('default', 'Clientes');
    const contact = (name: string, phone: string) => ({ name, phone, email: null, fields: {} });
    repo.upsertMany(
      'default',
      [
        contact('Ana Souza', '+5511987650001'),
        contact('', '+5511987650002'),
        contact('Caio', '+5511987650003'),
      ],
      'update',
      list.id,
    );
    repo.upsertMany('default', [contact('Davi', '+5511987650004')], 'update');
  } finally {
    db.close();
  }
  // Saved in the window with an SMS type of its own (the CLI's `templates create` takes none).
  const core = await createCore({
    dataDir,
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  const saved = await core.dispatch('templates:create', {
    name: 'Promoção de sábado',
    text: 'Oi {{primeiro_nome|cliente}}, pão quentinho no sábado!',
    smsTypeId: 2,
  });
  expect(saved.ok).toBe(true);
  await core.close();
  return dataDir;
}

async function runHere(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

function campaignRows(dataDir: string): { template: string; options: string }[] {
  const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
  try {
    return db.prepare('SELECT template, options FROM campaigns').all() as {
      template: string;
      options: string;
    }[];
  } finally {
    db.close();
  }
}

describe('torpedo campaign create --template NAME', () => {
  it(
    "drafts the template's text and SMS type, counts the fallbacks, and the sandbox receives name or fallback",
    { timeout: 120_000 },
    async () => {
      const dataDir = await folderWithTemplate();
      // Found whatever the case and accents, as `templates delete` finds it.
      const created = await runHere([
        'campaign',
        'create',
        '--template',
        'PROMOCAO DE SABADO',
        '--list',
        'Clientes',
        '--data-dir',
        dataDir,
        '--json',
      ]);
      expect(created.code, created.stderr).toBe(0);
      const draft = JSON.parse(created.stdout);
      expect(draft).toMatchObject({
        recipients: 3,
        fallbacks: [
          { field: '{{primeiro_nome|cliente}}', key: 'primeiro_nome', fallback: 'cliente', count: 1 },
        ],
      });
      const [row] = campaignRows(dataDir);
      expect(row!.template).toBe('Oi {{primeiro_nome|cliente}}, pão quentinho no sábado!');
      expect(JSON.parse(row!.options).smsTypeId).toBe(2);

      // The owner's words for the same count.
      const words = await runHere([
        'campaign',
        'create',
        '--template',
        'promoção de sábado',
        '--list',
        'clientes',
        '--sms-type',
        '1',
        '--data-dir',
        dataDir,
      ]);
      expect(words.code, words.stderr).toBe(0);
      expect(words.stdout).toContain(
        '1 recipient(s) have no primeiro_nome: they get "cliente" ({{primeiro_nome|cliente}}).',
      );
      // The command line's own SMS type wins over the template's.
      expect(JSON.parse(campaignRows(dataDir)[1]!.options).smsTypeId).toBe(1);

      const sent = await runHere(['campaign', 'send', draft.id, '--data-dir', dataDir]);
      expect(sent.code, sent.stderr).toBe(0);
      // Exactly the list's numbers (not Davi's); the nameless one gets "cliente", the others their first name.
      expect(await deliverToSandbox(dataDir, 24)).toEqual([
        ['11987650001', 'Oi Ana, pão quentinho no sábado!'],
        ['11987650002', 'Oi cliente, pão quentinho no sábado!'],
        ['11987650003', 'Oi Caio, pão quentinho no sábado!'],
      ]);
    },
  );

  it('refuses --message with --template, neither, or an unknown name: exit 2 naming them, no draft made', async () => {
    const dataDir = await folderWithTemplate();
    const base = ['campaign', 'create', '--list', 'Clientes', '--data-dir', dataDir];
    for (const wrong of [['--message', 'Oi', '--template', 'Promoção de sábado'], []]) {
      const run = await runHere([...base, ...wrong]);
      expect(run.code, wrong.join(' ')).toBe(2);
      expect(run.stderr).toContain('--message TEXT or --template NAME (one of them)');
    }
    const unknown = await runHere([...base, '--template', 'Natal']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'There is no template called "Natal" (there are: "Promoção de sábado").',
    );
    expect(campaignRows(dataDir)).toEqual([]);
  });
});
