/**
 * `torpedo inbox list` and `torpedo inbox reply` as a user runs them: a
 * separate process on a data folder whose replies were read in (through the
 * inbox's intake, as the server domain hands them over), the reply sent to a
 * real sandbox over HTTP, each command's JSON as documented.
 *
 * `torpedo inbox sync` calls `server:sync`, which the server domain serves:
 * its test comes with that domain.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createInboxRepo } from '@core/inbox/inbox-repo';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { tempFolders, torpedo } from '../support/cli-process';
import { sendAnyTime } from '../support/any-time-rules';
import { createRecordingHost } from '../support/test-host';
import { inboxIntake, reply } from '../core/inbox/inbox-harness';

const newFolder = tempFolders('torpedo-cli-inbox-');
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
});
afterAll(() => sandbox.close());

const KEY = 'test_cli_inbox_account';
const ANA = '+5511988880001';
const BIA = '+5511988880002';

/** A data folder where Ana asked a question (handled since) and Bia answered SAIR, then a stranger wrote. */
async function shop() {
  const dataDir = newFolder();
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  try {
    // Not a test of the sending rules: the suite may run on a Sunday night.
    await sendAnyTime(core);
  } finally {
    await core.close();
  }
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  try {
    const contacts = createContactsRepo(db);
    contacts.create('default', { name: 'Ana Souza', phone: ANA });
    contacts.create('default', { name: 'Bia Lima', phone: BIA });
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000).toISOString();
    const inbox = inboxIntake({ db, contacts });
    inbox.receive([reply(ANA, 'Vocês abrem sábado?', at(0))]);
    inbox.receive([reply(BIA, 'SAIR', at(10)), reply('+5521977770000', 'Quem é?', at(20))]);
    createInboxRepo(db).setHandled('default', ANA, true);
  } finally {
    db.close();
  }
  return dataDir;
}

describe('torpedo inbox (a real process, a real sandbox)', () => {
  it(
    'lists the conversations newest first, and only the unread ones with --unread',
    { timeout: 120_000 },
    async () => {
      const dataDir = await shop();
      const listed = await torpedo(['inbox', 'list', '--data-dir', dataDir, '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      const lines = JSON.parse(listed.stdout);
      expect(lines).toEqual([
        {
          phone: '+5521977770000',
          name: null,
          message: 'Quem é?',
          receivedAt: expect.any(String),
          campaign: null,
          optedOut: false,
        },
        {
          phone: BIA,
          name: 'Bia Lima',
          message: 'SAIR',
          receivedAt: expect.any(String),
          campaign: null,
          optedOut: true,
        },
        {
          phone: ANA,
          name: 'Ana Souza',
          message: 'Vocês abrem sábado?',
          receivedAt: expect.any(String),
          campaign: null,
          optedOut: false,
        },
      ]);

      const unread = await torpedo(['inbox', 'list', '--unread', '--data-dir', dataDir, '--json']);
      expect(unread.code, unread.stderr).toBe(0);
      expect(JSON.parse(unread.stdout).map((l: { phone: string }) => l.phone)).toEqual([
        '+5521977770000',
        BIA,
      ]);
    },
  );

  it(
    'replies to a number typed as people type it, and refuses one that opted out',
    { timeout: 120_000 },
    async () => {
      const dataDir = await shop();
      const account = ['--key', KEY, '--base-url', sandbox.url, '--data-dir', dataDir, '--json'];
      const sent = await torpedo([
        'inbox',
        'reply',
        '(11) 98888-0001',
        '--message',
        'Abrimos sim, das 9h às 13h.',
        ...account,
      ]);
      expect(sent.code, sent.stderr).toBe(0);
      const result = JSON.parse(sent.stdout);
      expect(result).toEqual({
        sendId: expect.any(String),
        phone: ANA,
        segments: 1,
        cost: expect.any(Number),
      });
      expect(sandbox.ledger(KEY).messages).toEqual([
        expect.objectContaining({
          sendId: result.sendId,
          phone: ANA,
          message: 'Abrimos sim, das 9h às 13h.',
        }),
      ]);

      const refused = await torpedo(['inbox', 'reply', '11988880002', '--message', 'Tudo bem?', ...account]);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'number_blocked' } });
      expect(sandbox.ledger(KEY).messages).toHaveLength(1);

      const usage = await torpedo(['inbox', 'reply', ANA, ...account]);
      expect(usage.code).toBe(2);
    },
  );
});
