/**
 * A data folder in trouble, met by the real `torpedo` process (issue 27,
 * points 1, 2, 4 and 7): every command says what is wrong and what to do, in
 * words and with its code (never "failed unexpectedly"), and leaves the data
 * as it was; `data backups` and `data restore` are the way out of a damaged
 * file; an older format is backed up before `contacts list` updates it; the
 * CLI logs to cli.log; the folder and its files are the owner's only.
 * Sweeps over many commands run the CLI in this process (runCli, the same
 * code on real files, seconds faster each); each case runs at least one
 * command as a real process.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { allMigrations } from '@core/db/migrations';
import { migrate } from '@core/db/migrate';
import { backupNow, dbFileOf, scribble, shopFolder } from '../core/db/data-folder-support';
import { closedPortUrl } from '../core/api/stub-server';
import { runCli } from '../../src/cli/run';
import { tempFolders, torpedo } from '../support/cli-process';

/** The command in this process: exit code and what it printed. */
async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const folder = tempFolders('torpedo-cli-data-');
const ENGLISH = { LANG: 'C.UTF-8' };
const hash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const mode = (path: string) => fs.statSync(path).mode & 0o777;

function userVersion(file: string): number {
  const db = new Sqlite(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('a data folder in trouble, through the CLI', () => {
  it(
    'a folder from a newer Torpedo: every command says so with its code, exit 1, and changes nothing',
    { timeout: 180_000 },
    async () => {
      const dataDir = folder();
      await shopFolder(dataDir, 3);
      const raw = new Sqlite(dbFileOf(dataDir));
      raw.pragma('user_version = 999');
      raw.close();
      const before = hash(dbFileOf(dataDir));
      const csv = join(folder(), 'clientes.csv');
      fs.writeFileSync(csv, 'nome,telefone\nAna,11987650001\n');
      const service = ['--key', 'test_newer_key_0001', '--base-url', await closedPortUrl()];
      const commands = [
        ['contacts', 'list'],
        ['import', csv],
        ['campaign', 'create', '--message', 'Oi', '--list', 'Clientes'],
        ['campaign', 'send', 'some-id'],
        ['campaign', 'status', 'some-id'],
        ['balance', ...service],
        ['credits', 'buy', '--quantity', '1000', ...service],
        ['links', 'list', ...service],
        ['worker', '--until-idle', ...service],
      ];
      for (const [index, command] of commands.entries()) {
        const args = [...command, '--data-dir', dataDir, '--json'];
        // The first as the real process, the rest in this one.
        const run = index === 0 ? await torpedo(args, ENGLISH) : await cli(args);
        const what = `${command.slice(0, 2).join(' ')}: ${run.stderr}`;
        expect(run.code, what).toBe(1);
        expect(JSON.parse(run.stdout), what).toMatchObject({
          error: {
            code: 'database_too_new',
            message: expect.stringContaining('written by a newer version of Torpedo'),
          },
        });
        expect(run.stderr, what).not.toContain('failed unexpectedly');
      }
      expect(hash(dbFileOf(dataDir))).toBe(before);
      expect(userVersion(dbFileOf(dataDir))).toBe(999);
      // Its backups can still be listed (none were made: nothing was updated).
      const backups = await cli(['data', 'backups', '--data-dir', dataDir, '--json']);
      expect(backups.code, backups.stderr).toBe(0);
      expect(JSON.parse(backups.stdout)).toMatchObject({ backups: [] });
    },
  );

  it(
    'a damaged file: said with what to do, then data backups and data restore put a backup back',
    { timeout: 120_000 },
    async () => {
      const dataDir = folder();
      await shopFolder(dataDir, 3_000);
      const backup = await backupNow(dataDir);
      scribble(dbFileOf(dataDir), 8 * 1024);
      const before = hash(dbFileOf(dataDir));

      const list = await torpedo(['contacts', 'list', '--limit', '1', '--data-dir', dataDir], ENGLISH);
      expect(list.code).toBe(1);
      expect(list.stderr).toMatch(
        /^Error \(data_damaged\): Torpedo's data file \(torpedo\.db\) is damaged\./,
      );
      expect(list.stderr).toContain('torpedo data restore NAME');
      expect(list.stderr).toMatch(/\(SQLITE_CORRUPT\w*\)/);
      const sendFails = await cli(['campaign', 'status', 'x', '--data-dir', dataDir, '--json']);
      expect(JSON.parse(sendFails.stdout).error.code).toBe('data_damaged');
      expect(hash(dbFileOf(dataDir))).toBe(before);

      const backups = await cli(['data', 'backups', '--data-dir', dataDir]);
      expect(backups.code, backups.stderr).toBe(0);
      expect(backups.stdout).toContain(backup);
      const restore = await torpedo(['data', 'restore', backup, '--data-dir', dataDir, '--json'], ENGLISH);
      expect(restore.code, restore.stderr).toBe(0);
      const restored = JSON.parse(restore.stdout);
      expect(restored).toMatchObject({ restored: backup, recovery: null });
      // The damaged file is kept, as it was, beside the backups.
      expect(hash(join(dataDir, 'backups', restored.keptAs))).toBe(before);

      const after = await cli(['contacts', 'list', '--data-dir', dataDir, '--json']);
      expect(after.code, after.stderr).toBe(0);
      expect(JSON.parse(after.stdout)).toHaveLength(3_000);
    },
  );

  it('a WAL left from another file is set aside and said, the data opened as it was', async () => {
    const dataDir = folder();
    await shopFolder(dataDir, 2);
    const other = folder();
    await shopFolder(other, 50);
    // Another database's WAL beside this file: what a skipped step of a restore by hand leaves.
    const live = new Sqlite(dbFileOf(other));
    live.pragma('wal_autocheckpoint = 0');
    live.prepare("UPDATE contacts SET name = name || ' (outra loja)'").run();
    fs.copyFileSync(`${dbFileOf(other)}-wal`, `${dbFileOf(dataDir)}-wal`);
    live.close();

    const run = await cli(['contacts', 'list', '--data-dir', dataDir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveLength(2);
    expect(run.stderr).toMatch(/set aside as torpedo\.db-wal\.set-aside-\d{8}-\d{6}, unapplied/);
  });

  it('an older format is backed up before contacts list updates it: one open path for every command', async () => {
    const dataDir = folder();
    fs.mkdirSync(dataDir, { recursive: true });
    const older = allMigrations.length - 1;
    const db = new Sqlite(dbFileOf(dataDir));
    db.pragma('journal_mode = WAL');
    migrate(db, allMigrations.slice(0, older));
    db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, created_at, updated_at)
       VALUES ('c1', 'default', 'Ana', 'ana', '+5511987650001', '2025-01-01', '2025-01-01')`,
    ).run();
    db.close();

    const run = await torpedo(['contacts', 'list', '--data-dir', dataDir, '--json'], ENGLISH);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([expect.objectContaining({ name: 'Ana' })]);
    const backup = join(dataDir, 'backups', `torpedo-schema-${older}.db`);
    expect(userVersion(backup)).toBe(older);
    expect(userVersion(dbFileOf(dataDir))).toBe(allMigrations.length);
    // The local commands log to cli.log (the README's name), never to the app's torpedo.log.
    expect(fs.readFileSync(join(dataDir, 'logs', 'cli.log'), 'utf8')).toContain('database.backedUp');
    expect(fs.existsSync(join(dataDir, 'logs', 'torpedo.log'))).toBe(false);
  });

  it.runIf(process.platform !== 'win32')(
    'the folder and every file in it are the owner\u2019s only; an older, open folder is tightened',
    async () => {
      const dataDir = folder();
      const csv = join(folder(), 'clientes.csv');
      fs.writeFileSync(csv, 'nome,telefone\nAna,11987650001\nBeto,123\n');
      const run = await torpedo(['import', csv, '--data-dir', dataDir, '--json'], ENGLISH);
      expect(run.code, run.stderr).toBe(0);
      const { errorsFile } = JSON.parse(run.stdout) as { errorsFile: string };
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'logs'))).toBe(0o700);
      for (const file of ['torpedo.db', 'logs/cli.log']) expect(mode(join(dataDir, file)), file).toBe(0o600);
      // The rejected rows (a customer's name and number) are the owner's only too.
      expect(mode(errorsFile)).toBe(0o600);
      expect(fs.existsSync(join(dataDir, 'logs', 'torpedo.log'))).toBe(false);

      // A folder left open by an older version (755/644) is tightened at the next start.
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(dbFileOf(dataDir), 0o644);
      fs.chmodSync(join(dataDir, 'logs', 'cli.log'), 0o644);
      const again = await cli(['contacts', 'list', '--data-dir', dataDir]);
      expect(again.code, again.stderr).toBe(0);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(dbFileOf(dataDir))).toBe(0o600);
      expect(mode(join(dataDir, 'logs', 'cli.log'))).toBe(0o600);
    },
  );
});
