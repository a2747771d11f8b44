/**
 * `torpedo links ...` and `campaign create --track-links` as a user runs
 * them: a separate process on a data folder, against a real sandbox over
 * HTTP (--key, --base-url), each command's JSON as documented.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { sandboxAdmin } from '../support/sandbox-admin';
import { tempFolders, torpedo } from '../support/cli-process';

const newFolder = tempFolders('torpedo-cli-links-');
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5 });
});
afterAll(() => sandbox.close());

const KEY = 'test_cli_links_account';
const account = (dataDir: string) => [
  '--key',
  KEY,
  '--base-url',
  sandbox.url,
  '--data-dir',
  dataDir,
  '--json',
];

describe('torpedo links (a real process, a real sandbox)', () => {
  it(
    'creates, lists, reads the clicks of and deactivates a link, each as JSON',
    { timeout: 120_000 },
    async () => {
      const dataDir = newFolder();
      const created = await torpedo([
        'links',
        'create',
        '--url',
        'https://loja.example/sabado',
        '--title',
        'Sábado',
        ...account(dataDir),
      ]);
      expect(created.code, created.stderr).toBe(0);
      const link = JSON.parse(created.stdout);
      expect(link).toEqual({
        id: expect.any(String),
        url: 'https://loja.example/sabado',
        shortUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/s\/\w{7}$/),
        title: 'Sábado',
        active: true,
        clicks: 0,
        createdAt: expect.any(String),
      });

      const listed = await torpedo(['links', 'list', ...account(dataDir)]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([link]);

      await sandboxAdmin(sandbox.url).clicks(KEY, { linkId: link.id }, 23);
      const clicks = await torpedo(['links', 'clicks', link.id, ...account(dataDir)]);
      expect(clicks.code, clicks.stderr).toBe(0);
      const rows = JSON.parse(clicks.stdout);
      expect(rows).toHaveLength(23);
      expect(rows[0]).toEqual({
        id: expect.any(String),
        clickedAt: expect.any(String),
        phone: null,
        userAgent: 'sandbox',
      });

      const off = await torpedo(['links', 'deactivate', link.id, ...account(dataDir)]);
      expect(off.code, off.stderr).toBe(0);
      expect(JSON.parse(off.stdout)).toMatchObject({ id: link.id, active: false, clicks: 23 });
    },
  );

  it(
    'refuses an address that is not a web address, with a usage exit code',
    { timeout: 60_000 },
    async () => {
      const run = await torpedo(['links', 'create', '--url', 'loja', ...account(newFolder())]);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout).error.code).toBe('invalid_input');
    },
  );
});

describe('torpedo campaign create --track-links', () => {
  it(
    'counts the parts with the short address: one where the long one needs two',
    { timeout: 120_000 },
    async () => {
      const dataDir = newFolder();
      const db = openDatabase(join(dataDir, 'torpedo.db'));
      try {
        const repo = createContactsRepo(db);
        const list = repo.createList('default', 'Clientes');
        repo.upsertMany(
          'default',
          [0, 1, 2].map((i) => ({
            name: `C ${i}`,
            phone: `+55119${30_000_000 + i}`,
            email: null,
            fields: {},
          })),
          'update',
          list.id,
        );
      } finally {
        db.close();
      }
      const long =
        'https://loja.example/ofertas/sabado-de-descontos-em-toda-a-loja-ate-meia-noite?origem=sms';
      const message = `Oferta! ${long} ${'a'.repeat(91)}`;
      const base = [
        'campaign',
        'create',
        '--message',
        message,
        '--list',
        'Clientes',
        '--data-dir',
        dataDir,
        '--json',
      ];

      const plain = await torpedo(base);
      expect(plain.code, plain.stderr).toBe(0);
      expect(JSON.parse(plain.stdout)).toMatchObject({ recipients: 3, segments: 6, shortLinks: null });

      const tracked = await torpedo([...base, '--track-links']);
      expect(tracked.code, tracked.stderr).toBe(0);
      expect(JSON.parse(tracked.stdout)).toMatchObject({
        recipients: 3,
        segments: 3,
        shortLinks: { links: 1, length: 28, basis: 'guess' },
      });
    },
  );
});
