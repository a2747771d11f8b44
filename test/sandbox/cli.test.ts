import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { call, Client } from '../support/sandbox-http';

const root = join(import.meta.dirname, '../..');
// `npx tsx src/sandbox/cli.ts`, minus npx's start-up: tsx's CLI under the Node running the tests
// (node 24 from the devDependency).
const tsxCli = join(root, 'node_modules/tsx/dist/cli.mjs');
const dir = mkdtempSync(join(tmpdir(), 'torpedo-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox CLI', () => {
  it('prints its real URL first, serves, and stops cleanly on SIGTERM, flushing the db file', async () => {
    const dbFile = join(dir, 'cli.json');
    const child = spawn(
      process.execPath,
      [tsxCli, 'src/sandbox/cli.ts', '--port', '0', '--seed', '3', '--db', dbFile],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    try {
      const match = /^Torpedo sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(first);
      expect(match, first).not.toBeNull();
      const url = match![1]!;
      expect(Number(match![2])).toBeGreaterThan(0);
      const token = (await call(url, 'GET', PATHS.authToken, { headers: { 'SMSGo-key': 'test_cli' } })).body
        .token;
      expect((await new Client(url, token, 'test_cli').get(PATHS.accountBalance)).body.balance).toBe(50);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(existsSync(dbFile)).toBe(true);
    expect(JSON.parse(readFileSync(dbFile, 'utf8')).accounts).toHaveLength(1);
  });
});
