import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '@shared/app-error';
import type { BalanceView, SessionInfo, WebhookView } from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { accountKeyEntry, tokenEntry, type SecretStore } from '@core/secrets/secret-store';
import { demoService, startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { createRecordingHost, type RecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

// The real core on a real data folder, against a real sandbox over HTTP. The
// keychain is an in-memory store here so the tests can look inside it; the
// keytar store has its own tests against the real Secret Service.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function sandbox(): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, seed: 7 });
  cleanups.push(() => sb.close());
  return sb;
}

async function core(opts: {
  dataDir: string;
  secretStore?: SecretStore | null;
  host?: RecordingHost;
  demo?: boolean;
}): Promise<Core> {
  const c = await createCore({
    demo: demoService,
    dataDir: opts.dataDir,
    host: opts.host ?? createRecordingHost(),
    secretStore: opts.secretStore === undefined ? createMemorySecretStore() : opts.secretStore,
    demoWhenSignedOut: opts.demo ?? false,
  });
  cleanups.push(() => c.close());
  return c;
}

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const KEY = 'test_session_key_0001';

describe('signing in with an account key', () => {
  it('validates the key with the service, keeps it in the keychain and signs back in after a restart', async () => {
    const sb = await sandbox();
    const dataDir = tempDir();
    const store = createMemorySecretStore();
    const first = await core({ dataDir, secretStore: store });

    const info = value<SessionInfo>(
      await first.dispatch('session:signIn', { accountKey: KEY, baseUrl: sb.url }),
    );
    expect(info).toMatchObject({ signedIn: true, mode: 'test', baseUrl: sb.url, keyStorage: 'keychain' });
    expect(await store.get(accountKeyEntry('default'))).toBe(KEY);
    expect(await store.get(tokenEntry('default'))).toEqual(expect.any(String));
    await first.close();
    cleanups.pop();

    const second = await core({ dataDir, secretStore: store });
    expect(value<SessionInfo>(await second.dispatch('session:get', {}))).toMatchObject({
      signedIn: true,
      mode: 'test',
    });
    expect(value<BalanceView>(await second.dispatch('account:balance', {}))).toMatchObject({
      currency: 'BRL',
      stale: false,
    });
  });

  it('refuses a key the service does not accept and stays signed out', async () => {
    const sb = await sandbox();
    const c = await core({ dataDir: tempDir() });
    const result = await c.dispatch('session:signIn', { accountKey: 'live_not_a_real_key', baseUrl: sb.url });
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(value<SessionInfo>(await c.dispatch('session:get', {})).signedIn).toBe(false);
  });

  it('says network_error, not a crash, when the service address does not answer', async () => {
    const sb = await sandbox();
    const deadUrl = sb.url;
    await sb.close();
    const c = await core({ dataDir: tempDir() });
    const result = await c.dispatch('session:signIn', { accountKey: KEY, baseUrl: deadUrl });
    expect(result).toMatchObject({ ok: false, error: { code: 'network_error' } });
  });

  it('never writes the key or the token into the database, the logs or any other file', async () => {
    const sb = await sandbox();
    const dataDir = tempDir();
    const store = createMemorySecretStore();
    const c = await core({ dataDir, secretStore: store });
    value(await c.dispatch('session:signIn', { accountKey: KEY, baseUrl: sb.url }));
    value(await c.dispatch('account:balance', {}));
    const token = JSON.parse((await store.get(tokenEntry('default')))!).token as string;
    await c.close();
    cleanups.pop();
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['torpedo.db', 'torpedo.log']));
    for (const file of files.map((f) => join(f.parentPath, f.name))) {
      const bytes = readFileSync(file).toString('latin1');
      expect(bytes, file).not.toContain(KEY);
      expect(bytes, file).not.toContain(token);
    }
  });
});

describe('without a keychain', () => {
  it('asks first, then keeps the key in memory for this session only', async () => {
    const sb = await sandbox();
    const dataDir = tempDir();
    const c = await core({ dataDir, secretStore: null });
    expect(value<SessionInfo>(await c.dispatch('session:get', {})).keychain.available).toBe(false);

    const refused = await c.dispatch('session:signIn', { accountKey: KEY, baseUrl: sb.url });
    expect(refused).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });

    const info = value<SessionInfo>(
      await c.dispatch('session:signIn', { accountKey: KEY, baseUrl: sb.url, allowMemoryOnly: true }),
    );
    expect(info).toMatchObject({ signedIn: true, keyStorage: 'memory' });
    await c.close();
    cleanups.pop();

    const again = await core({ dataDir, secretStore: null });
    expect(value<SessionInfo>(await again.dispatch('session:get', {})).signedIn).toBe(false);
  });
});

describe('demo mode', () => {
  it('starts the built-in sandbox, signs in, and keeps its data across restarts', async () => {
    const dataDir = tempDir();
    const first = await core({ dataDir, demo: true });
    const info = value<SessionInfo>(await first.dispatch('session:get', {}));
    expect(info).toMatchObject({ signedIn: true, mode: 'demo' });
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const balance = value<BalanceView>(await first.dispatch('account:balance', {}));
    expect(balance.balance).toBeGreaterThan(0);
    const secretBefore = value<{ secret: string }>(
      await first.dispatch('account:revealWebhookSecret', {}),
    ).secret;
    await first.close();
    cleanups.pop();

    const second = await core({ dataDir });
    expect(value<SessionInfo>(await second.dispatch('session:get', {}))).toMatchObject({
      signedIn: true,
      mode: 'demo',
    });
    const secretAfter = value<{ secret: string }>(
      await second.dispatch('account:revealWebhookSecret', {}),
    ).secret;
    expect(secretAfter).toBe(secretBefore);
  });

  it('shows the webhook secret masked, reveals it on request and copies it through the host', async () => {
    const host = createRecordingHost();
    const c = await core({ dataDir: tempDir(), host, demo: true });
    const view = value<WebhookView>(await c.dispatch('account:webhook', {}));
    expect(view.hasSecret).toBe(true);
    expect(view.maskedSecret).toMatch(/^whsec_•+/);
    const { secret } = value<{ secret: string }>(await c.dispatch('account:revealWebhookSecret', {}));
    expect(secret).toMatch(/^whsec_/);
    expect(view.maskedSecret).not.toContain(secret.slice(6, 14));
    expect(value<{ copied: boolean }>(await c.dispatch('account:copyWebhookSecret', {}))).toEqual({
      copied: true,
    });
    expect(host.clipboard).toEqual([secret]);
  });

  it('resets to a fresh demo account', async () => {
    const c = await core({ dataDir: tempDir(), demo: true });
    const before = value<{ secret: string }>(await c.dispatch('account:revealWebhookSecret', {})).secret;
    expect(value<SessionInfo>(await c.dispatch('demo:reset', {}))).toMatchObject({
      signedIn: true,
      mode: 'demo',
    });
    const balance = value<BalanceView>(await c.dispatch('account:balance', {}));
    expect(balance.balance).toBeGreaterThan(0);
    // Same seed, same key: the fresh account is seeded the same way; what matters is that it works.
    expect(typeof before).toBe('string');
  });
});

describe('offline', () => {
  it('shows the last known balance marked stale and reports the service unreachable', async () => {
    const sb = await sandbox();
    const host = createRecordingHost();
    const c = await core({ dataDir: tempDir(), host });
    const events: string[] = [];
    c.onEvent((event, payload) => events.push(`${event}:${JSON.stringify(payload).slice(0, 40)}`));
    value(await c.dispatch('session:signIn', { accountKey: KEY, baseUrl: sb.url }));
    const fresh = value<BalanceView>(await c.dispatch('account:balance', {}));
    await sb.close();

    const stale = value<BalanceView>(await c.dispatch('account:balance', {}));
    expect(stale).toMatchObject({ balance: fresh.balance, stale: true });
    expect(Date.parse(stale.fetchedAt)).toBeLessThanOrEqual(Date.now());
    expect(value(await c.dispatch('connectivity:get', {}))).toMatchObject({ state: 'unreachable' });

    host.online = false;
    value(await c.dispatch('connectivity:check', {}));
    expect(value(await c.dispatch('connectivity:get', {}))).toMatchObject({ state: 'offline' });
    expect(events.some((e) => e.startsWith('connectivity:changed'))).toBe(true);
  });
});

describe('signing out', () => {
  it('removes the key and token from the keychain and, when asked, the local data', async () => {
    const sb = await sandbox();
    const store = createMemorySecretStore();
    const dataDir = tempDir();
    const c = await core({ dataDir, secretStore: store });
    value(await c.dispatch('session:signIn', { accountKey: KEY, baseUrl: sb.url }));
    value(await c.dispatch('account:balance', {}));

    const info = value<SessionInfo>(await c.dispatch('session:signOut', { deleteLocalData: true }));
    expect(info.signedIn).toBe(false);
    expect(await store.get(accountKeyEntry('default'))).toBeNull();
    expect(await store.get(tokenEntry('default'))).toBeNull();
    expect(await c.dispatch('account:balance', {})).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
    await c.close();
    cleanups.pop();

    const again = await core({ dataDir, secretStore: store });
    expect(value<SessionInfo>(await again.dispatch('session:get', {})).signedIn).toBe(false);
  });
});

describe('the demo is the host’s to bring', () => {
  it('a core given no demo (a build without the sandbox) says so plainly, and stays signed out', async () => {
    const c = await createCore({
      dataDir: tempDir(),
      host: createRecordingHost(),
      secretStore: createMemorySecretStore(),
    });
    cleanups.push(() => c.close());
    const started = await c.dispatch('session:startDemo', {});
    expect(started.ok).toBe(false);
    expect(!started.ok && started.error.code).toBe('demo_unavailable');
    expect(value<SessionInfo>(await c.dispatch('session:get', {})).signedIn).toBe(false);
  });
});
