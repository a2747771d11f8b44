/**
 * `torpedo server connect|status|disconnect` as a user runs them: a separate
 * process on a data folder, against a real sandbox (--key, --base-url) and a
 * real Torpedo Server on an embedded Postgres; the account's webhook checked
 * as the service answers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/index';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { usePostgres } from '../server/support/postgres';
import { startTestServer } from '../core/server/server-harness';
import { tempFolders, torpedo } from '../support/cli-process';

const pg = usePostgres();
const newFolder = tempFolders('torpedo-cli-server-');
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5 });
});
afterAll(() => sandbox.close());

const KEY = 'test_cli_server_account';
const account = (dataDir: string) => ['--key', KEY, '--base-url', sandbox.url, '--data-dir', dataDir];
const webhookUrl = async () =>
  (await createSmsGoClient({ baseUrl: sandbox.url, accountKey: KEY }).webhook()).url;

describe('torpedo server (a real process, a real sandbox, a real server)', () => {
  it('connects with the code, shows the status, and disconnects', { timeout: 180_000 }, async () => {
    const server = await startTestServer(pg);
    const dataDir = newFolder();
    const before = await webhookUrl();

    const wrong = await torpedo([
      'server',
      'connect',
      server.url,
      '--code',
      '0000-0000',
      ...account(dataDir),
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/code/i);
    const notHttps = await torpedo([
      'server',
      'connect',
      'http://torpedo.example',
      '--code',
      '1234-5678',
      ...account(dataDir),
    ]);
    expect(notHttps.code).toBe(2);
    const noCode = await torpedo(['server', 'connect', server.url, ...account(dataDir)]);
    expect(noCode.code).toBe(2);

    const connected = await torpedo([
      'server',
      'connect',
      server.url,
      '--code',
      await server.code(),
      '--name',
      'Caixa',
      '--json',
      ...account(dataDir),
    ]);
    expect(connected.code, connected.stderr).toBe(0);
    const hookUrl = `${server.url}/hooks/smsgo/${server.workspaceId}`;
    expect(JSON.parse(connected.stdout)).toMatchObject({
      connected: true,
      url: server.url,
      deviceName: 'Caixa',
      hookUrl,
      previousWebhookUrl: before,
    });
    // With --key the keychain is left alone: the command says the token is not kept.
    expect(connected.stderr).toMatch(/not kept/);
    expect(await webhookUrl()).toBe(hookUrl);

    const status = await torpedo(['server', 'status', '--json', '--data-dir', dataDir]);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ connected: true, url: server.url, hookUrl });
    const words = await torpedo(['server', 'status', '--data-dir', dataDir]);
    expect(words.stdout).toContain(`Connected to ${server.url} as "Caixa".`);

    const gone = await torpedo(['server', 'disconnect', ...account(dataDir)]);
    expect(gone.code, gone.stderr).toBe(0);
    expect(await webhookUrl()).toBe(before);
    const after = await torpedo(['server', 'status', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(after.stdout)).toMatchObject({ connected: false });
    const again = await torpedo(['server', 'disconnect', ...account(dataDir)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not connected/i);
  });
});
