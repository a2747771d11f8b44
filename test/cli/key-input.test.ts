/**
 * Issue 32: the account key need not be on the command line, where `ps`
 * shows it: `--key -` reads it from stdin, `--key-file PATH` from a file;
 * `--key VALUE` still works, with a warning on stderr. A real process
 * against a sandbox started here.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { tempFolders, torpedo } from '../support/cli-process';

const KEY = 'test_key_input_0001';
const folder = tempFolders('torpedo-cli-key-');
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
});
afterAll(async () => {
  await sandbox.close();
});

const balance = (...key: string[]) => [
  'balance',
  ...key,
  '--base-url',
  sandbox.url,
  '--data-dir',
  folder(),
  '--json',
];

describe('the account key off the command line', () => {
  it('--key - reads it from stdin, without a warning and without printing it', async () => {
    const run = await torpedo(balance('--key', '-'), {}, `${KEY}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('balance');
    expect(run.stderr).not.toContain('Warning');
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('--key-file PATH reads it from a file; a missing or empty file exits 2 naming it', async () => {
    const dir = folder();
    const file = join(dir, 'key.txt');
    writeFileSync(file, `${KEY}\n`);
    chmodSync(file, 0o600);
    const run = await torpedo(balance('--key-file', file));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Warning');

    const missing = await torpedo(balance('--key-file', join(dir, 'none.txt')));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--key-file: ${join(dir, 'none.txt')} could not be read (ENOENT).`);
    writeFileSync(join(dir, 'empty.txt'), '\n');
    const empty = await torpedo(balance('--key-file', join(dir, 'empty.txt')));
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('holds no key');
  });

  it('--key VALUE still works, and warns that other users can see it', async () => {
    const run = await torpedo(balance('--key', KEY));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'Warning: a key given with --key is visible to other users of this computer (ps). Use --key - (read from stdin), --key-file PATH or TORPEDO_KEY.',
    );
    const help = await torpedo(['--help']);
    expect(help.stdout).toContain('--key -               Read the account key from stdin');
    expect(help.stdout).toContain('--key-file PATH');
  });
});
