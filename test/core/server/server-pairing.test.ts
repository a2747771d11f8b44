/**
 * Connecting a computer to a real Torpedo Server (embedded Postgres) while
 * signed into a real sandbox: the account's webhook, as the service itself
 * answers it, points to the server's hook, and the server holds the account's
 * secret; a wrong or used code changes nothing; an address that is neither
 * https nor this computer is refused; disconnect puts the webhook back. The
 * token is in the keychain and nowhere in the data folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/index';
import type { ServerStatusView } from '@shared/dto/server';
import { SERVER_PATHS } from '@shared/server-contract/v1';
import { webhookSecretOf } from '../../../src/server/db/workspaces';
import { usePostgres } from '../../server/support/postgres';
import { newKey, useSandbox } from '../api/sandbox-harness';
import { eventually } from '../../support/eventually';
import { startServerCore, startTestServer } from './server-harness';

const pg = usePostgres();

/** The account's webhook as the service answers it, not as the app remembers it. */
const serviceWebhook = (baseUrl: string, accountKey: string) =>
  createSmsGoClient({ baseUrl, accountKey }).webhook();

/** Every file under `dir`, with its bytes as text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : [{ path, text: readFileSync(path).toString('latin1') }];
  });
}

describe('server:connect and server:disconnect', () => {
  it('points the account’s webhook at the server with the account’s secret, and puts it back on disconnect', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const key = newKey('server');
    const c = await startServerCore({ accountKey: key, baseUrl: sandbox.url });
    await c.call('account:updateWebhook', { url: 'https://erp.loja.example/hooks/sms' });
    const before = await serviceWebhook(sandbox.url, key);

    const status = await c.call<ServerStatusView>('server:connect', {
      url: `${server.url}/`,
      code: await server.code(),
      deviceName: 'Caixa da loja',
    });
    const hookUrl = `${server.url}/hooks/smsgo/${server.workspaceId}`;
    expect(status).toMatchObject({
      connected: true,
      url: server.url,
      deviceName: 'Caixa da loja',
      hookUrl,
      previousWebhookUrl: 'https://erp.loja.example/hooks/sms',
      webhookPointsHere: true,
      sync: { at: null, error: null },
    });
    const after = await serviceWebhook(sandbox.url, key);
    expect(after.url).toBe(hookUrl);
    // The same secret: the owner's other receivers keep verifying, and the server verifies too.
    expect(after.secret).toBe(before.secret);
    expect(await webhookSecretOf(server.pool, server.workspaceId)).toEqual({ secret: before.secret });
    const devices = (await server.pool.query('SELECT name FROM devices')).rows;
    expect(devices).toEqual([{ name: 'Caixa da loja' }]);
    expect(c.events.some((e) => e.event === 'server:status')).toBe(true);

    // The token: in the keychain, and nowhere in the data folder (the database, its WAL, the log).
    const token = await c.store.get('default:server-token');
    expect(token).toMatch(/\S{20,}/);
    expect(await c.call('server:status')).toMatchObject({ connected: true });
    for (const file of filesUnder(c.dataDir)) expect(file.text.includes(token!), file.path).toBe(false);

    const back = await c.call<ServerStatusView>('server:disconnect');
    expect(back).toMatchObject({ connected: false, url: null, hookUrl: null });
    expect((await serviceWebhook(sandbox.url, key)).url).toBe('https://erp.loja.example/hooks/sms');
    expect(await c.store.get('default:server-token')).toBeNull();
    expect(c.db.prepare('SELECT count(*) FROM server_connections').pluck().get()).toBe(0);
    expect(await c.refusal('server:disconnect')).toMatchObject({ code: 'not_connected' });
  });

  it('an account without a webhook gets none back on disconnect', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const key = newKey('server');
    const c = await startServerCore({ accountKey: key, baseUrl: sandbox.url });
    expect((await serviceWebhook(sandbox.url, key)).url).toBeNull();
    const status = await c.call<ServerStatusView>('server:connect', {
      url: server.url,
      code: await server.code(),
    });
    expect(status.previousWebhookUrl).toBeNull();
    expect(status.deviceName).toBeTruthy();
    await c.call('server:disconnect');
    expect((await serviceWebhook(sandbox.url, key)).url).toBeNull();
  });

  it('a wrong or used code is refused and nothing changes', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const key = newKey('server');
    const c = await startServerCore({ accountKey: key, baseUrl: sandbox.url });
    await c.call('account:updateWebhook', { url: 'https://erp.loja.example/hooks/sms' });
    const code = await server.code();
    const wrong = code === '0000-0000' ? '0000-0001' : '0000-0000';
    expect(await c.refusal('server:connect', { url: server.url, code: wrong })).toMatchObject({
      code: 'pairing_code_invalid',
    });

    // Used by another computer first.
    const other = await startServerCore({ accountKey: newKey('other'), baseUrl: sandbox.url });
    await other.call('server:connect', { url: server.url, code });
    expect(await c.refusal('server:connect', { url: server.url, code })).toMatchObject({
      code: 'pairing_code_invalid',
    });

    expect((await serviceWebhook(sandbox.url, key)).url).toBe('https://erp.loja.example/hooks/sms');
    expect(await c.store.get('default:server-token')).toBeNull();
    expect(await c.call('server:status')).toMatchObject({ connected: false, url: null });
    expect(await c.refusal('server:sync')).toMatchObject({ code: 'not_connected' });
    expect(await c.refusal('server:pairingCode')).toMatchObject({ code: 'not_connected' });
  });

  it('refuses an address that is neither https nor this computer, and says when no server answers', async () => {
    const sandbox = await useSandbox();
    const c = await startServerCore({ accountKey: newKey('server'), baseUrl: sandbox.url });
    for (const url of ['http://torpedo.loja.example', 'ftp://127.0.0.1', 'https://user:pw@torpedo.example']) {
      expect(await c.refusal('server:connect', { url, code: '1234-5678' }), url).toMatchObject({
        code: 'invalid_input',
      });
    }
    expect(await c.refusal('server:connect', { url: 'https://x.example', code: '12345678' })).toMatchObject({
      code: 'invalid_input',
    });
    // Something else answers there (the SMS service itself): not a Torpedo Server.
    expect(await c.refusal('server:connect', { url: sandbox.url, code: '1234-5678' })).toMatchObject({
      code: 'server_refused',
    });
    // Nothing listens there (a port just closed).
    const gone = await startTestServer(pg);
    await gone.app.close();
    expect(await c.refusal('server:connect', { url: gone.url, code: '1234-5678' })).toMatchObject({
      code: 'server_unreachable',
      params: { url: gone.url },
    });
  });

  it('makes a pairing code another computer connects with', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const first = await startServerCore({ accountKey: newKey('server'), baseUrl: sandbox.url });
    await first.call('server:connect', { url: server.url, code: await server.code(), deviceName: 'Caixa' });
    const { code, expiresAt } = await first.call<{ code: string; expiresAt: string }>('server:pairingCode');
    expect(code).toMatch(/^\d{4}-\d{4}$/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const second = await startServerCore({ accountKey: newKey('server'), baseUrl: sandbox.url });
    await second.call('server:connect', { url: server.url, code, deviceName: 'Escritório' });
    const names = (await server.pool.query('SELECT name FROM devices ORDER BY name')).rows.map((r) => r.name);
    expect(names).toEqual(['Caixa', 'Escritório']);
  });

  it('signing out with “delete local data” forgets the connection and the token', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const c = await startServerCore({ accountKey: newKey('server'), baseUrl: sandbox.url });
    await c.call('server:connect', { url: server.url, code: await server.code() });
    expect(await c.store.get('default:server-token')).not.toBeNull();
    await c.call('session:signOut', { deleteLocalData: true });
    expect(c.db.prepare('SELECT count(*) FROM server_connections').pluck().get()).toBe(0);
    await eventually(async () => expect(await c.store.get('default:server-token')).toBeNull());
  });

  it('undoes the pairing when a later step fails: the webhook stays as it was, no token is kept', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const key = newKey('server');
    const c = await startServerCore({ accountKey: key, baseUrl: sandbox.url });
    await c.call('account:updateWebhook', { url: 'https://erp.loja.example/hooks/sms' });
    server.failNext(SERVER_PATHS.webhookSecret);
    expect(await c.refusal('server:connect', { url: server.url, code: await server.code() })).toMatchObject({
      code: 'server_refused',
      params: { code: 'internal' },
    });
    expect((await serviceWebhook(sandbox.url, key)).url).toBe('https://erp.loja.example/hooks/sms');
    expect(await c.store.get('default:server-token')).toBeNull();
    expect(await c.call('server:status')).toMatchObject({ connected: false });
    // A new code then works.
    await c.call('server:connect', { url: server.url, code: await server.code() });
    expect((await serviceWebhook(sandbox.url, key)).url).toBe(
      `${server.url}/hooks/smsgo/${server.workspaceId}`,
    );
  });

  it('says when the webhook was changed since, and then leaves the owner’s new one on disconnect', async () => {
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const key = newKey('server');
    const c = await startServerCore({ accountKey: key, baseUrl: sandbox.url });
    await c.call('server:connect', { url: server.url, code: await server.code() });
    await c.call('account:updateWebhook', { url: 'https://outro.loja.example/hooks' });
    expect(await c.call('server:status')).toMatchObject({ connected: true, webhookPointsHere: false });
    await c.call('server:disconnect');
    expect((await serviceWebhook(sandbox.url, key)).url).toBe('https://outro.loja.example/hooks');
  });
});
