/** `npm run server`: its options, and a start on the embedded Postgres of --data-dir. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SERVER_PATHS } from '@shared/server-contract/v1';
import { UsageError, readConfig } from '../../src/server/config';
import { spawnServer } from './support/server-process';

describe('npm run server', () => {
  it('reads --port, --data-dir, --public-url, --host, --trust-proxy and DATABASE_URL', () => {
    expect(
      readConfig(['--port', '9000', '--data-dir', '/srv/torpedo', '--public-url', 'https://t.example'], {}),
    ).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/torpedo',
      databaseUrl: undefined,
      publicUrl: 'https://t.example',
      trustProxy: false,
    });
    expect(
      readConfig(['--host', '0.0.0.0', '--trust-proxy'], {
        DATABASE_URL: 'postgres://db/torpedo',
        PORT: '8081',
      }),
    ).toMatchObject({ port: 8081, host: '0.0.0.0', databaseUrl: 'postgres://db/torpedo', trustProxy: true });
    expect(() => readConfig(['--port', '9000'], {})).toThrow(UsageError);
    expect(() => readConfig(['--port', 'x', '--data-dir', 'd'], {})).toThrow(/not a port/);
    expect(() => readConfig(['--data-dir', 'd', '--public-url', 'ftp://x'], {})).toThrow(/public-url/);
    expect(() => readConfig(['--nope'], {})).toThrow();
  });

  it('without DATABASE_URL, starts an embedded Postgres in --data-dir, prints its address then a pairing code, and stops it all on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torpedo-server-main-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const server = await spawnServer(null, [
      '--data-dir',
      dir,
      '--public-url',
      'https://torpedo.loja.example',
    ]);
    expect(server.lines[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.lines[1]).toMatch(/^pairing code: \d{4}-\d{4}$/);
    const pair = await fetch(server.url + SERVER_PATHS.pair, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: server.pairingCode, name: 'Caixa' }),
    });
    expect(pair.status).toBe(200);
    expect(((await pair.json()) as { hookUrl: string }).hookUrl).toMatch(
      /^https:\/\/torpedo\.loja\.example\/hooks\/smsgo\/w[0-9a-f]+$/,
    );
    expect(existsSync(join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
