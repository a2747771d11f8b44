/**
 * The token's life: exchanged once and reused, shared by concurrent callers,
 * renewed after 47 h, persisted through the store port, dropped on 401.
 * Counting exchanges needs a server we control, so these run against a local
 * stub server that mints numbered tokens; client-auth.test.ts covers the same
 * flows against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, TOKEN_RENEW_AFTER_MS, type TokenStorePort } from '@core/api/index';
import { createHttp } from '@core/api/http';
import { createTokenManager } from '@core/api/token-manager';
import { BALANCE, json, startStub, type StubServer } from './stub-server';

const KEY = 'test_token_key_0001';
const HOUR = 60 * 60 * 1000;

/** Mints `numbered_token_<n>_…` per exchange; accepts any bearer for other calls. */
async function mintingStub(): Promise<StubServer & { exchanges: () => number }> {
  let minted = 0;
  const stub = await startStub((req, res) => {
    if (req.path === '/v1/auth/token') {
      minted += 1;
      return json(res, 200, { token: `numbered_token_${minted}_abcdef`, mode: 'test' });
    }
    return json(res, 200, BALANCE);
  });
  return Object.assign(stub, { exchanges: () => minted });
}

function memoryPort(initial: string | null = null) {
  const port = {
    value: initial,
    saves: 0,
    load: async () => port.value,
    save: async (jsonText: string) => {
      port.saves += 1;
      port.value = jsonText;
    },
    clear: async () => {
      port.value = null;
    },
  };
  return port satisfies TokenStorePort;
}

describe('token manager, against a local stub server', () => {
  it('exchanges the key once and reuses the token', async () => {
    const stub = await mintingStub();
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await client.balance();
    await client.balance();
    await client.balance();
    expect(stub.exchanges()).toBe(1);
    expect(stub.requests[0]?.headers['smsgo-key']).toBe(KEY);
    expect(stub.requests[1]?.headers.authorization).toBe('Bearer numbered_token_1_abcdef');
    expect(client.mode).toBe('test');
  });

  it('shares one exchange between concurrent callers', async () => {
    const stub = await mintingStub();
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await Promise.all(Array.from({ length: 8 }, () => client.balance()));
    expect(stub.exchanges()).toBe(1);
  });

  it('renews the token once it is 47 h old', async () => {
    const stub = await mintingStub();
    let now = Date.parse('2030-01-01T00:00:00Z');
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY, now: () => now });
    await client.balance();
    now += TOKEN_RENEW_AFTER_MS - 1;
    await client.balance();
    expect(stub.exchanges()).toBe(1);
    now += 1;
    await client.balance();
    expect(stub.exchanges()).toBe(2);
    expect(stub.requests.at(-1)?.headers.authorization).toBe('Bearer numbered_token_2_abcdef');
  });

  it('saves {token, mode, obtainedAt} to the store and a new client reuses it without an exchange', async () => {
    const stub = await mintingStub();
    const now = Date.parse('2030-01-01T00:00:00Z');
    const store = memoryPort();
    await createSmsGoClient({
      baseUrl: stub.url,
      accountKey: KEY,
      tokenStore: store,
      now: () => now,
    }).balance();
    expect(JSON.parse(store.value ?? 'null')).toEqual({
      token: 'numbered_token_1_abcdef',
      mode: 'test',
      obtainedAt: now,
    });

    const later = createSmsGoClient({
      baseUrl: stub.url,
      accountKey: KEY,
      tokenStore: store,
      now: () => now + HOUR,
    });
    await later.balance();
    expect(stub.exchanges()).toBe(1);
    expect(later.mode).toBe('test');
  });

  it('ignores a stored token that is too old, from the future, or unreadable', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    for (const stored of [
      JSON.stringify({ token: 'old_token_abcdefgh', mode: 'test', obtainedAt: now - 47 * HOUR }),
      JSON.stringify({ token: 'future_token_abcdef', mode: 'test', obtainedAt: now + HOUR }),
      JSON.stringify({ token: '', mode: 'test', obtainedAt: now }),
      'not json',
    ]) {
      const stub = await mintingStub();
      const store = memoryPort(stored);
      await createSmsGoClient({
        baseUrl: stub.url,
        accountKey: KEY,
        tokenStore: store,
        now: () => now,
      }).balance();
      expect(stub.exchanges()).toBe(1);
      expect(JSON.parse(store.value ?? 'null')).toMatchObject({ token: 'numbered_token_1_abcdef' });
    }
  });

  it('keeps working when the store fails (a locked keychain must not stop the app)', async () => {
    const stub = await mintingStub();
    const broken: TokenStorePort = {
      load: async () => Promise.reject(new Error('keychain locked')),
      save: async () => Promise.reject(new Error('keychain locked')),
      clear: async () => Promise.reject(new Error('keychain locked')),
    };
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY, tokenStore: broken });
    await expect(client.balance()).resolves.toEqual(BALANCE);
    await client.balance();
    expect(stub.exchanges()).toBe(1);
  });

  it('invalidate drops the failed token but keeps a newer one', async () => {
    const stub = await mintingStub();
    const store = memoryPort();
    const tokens = createTokenManager({ http: createHttp({ baseUrl: stub.url }), accountKey: KEY, store });
    const first = await tokens.get();
    await tokens.invalidate(first.token);
    expect(store.value).toBeNull();
    const second = await tokens.get();
    expect(second.token).toBe('numbered_token_2_abcdef');
    await tokens.invalidate(first.token); // a late 401 for the old token
    expect((await tokens.get()).token).toBe(second.token);
    expect(stub.exchanges()).toBe(2);
  });

  it('exchangeKey always exchanges now and reports the mode', async () => {
    const stub = await mintingStub();
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    expect(client.mode).toBeNull();
    await expect(client.exchangeKey()).resolves.toEqual({ mode: 'test' });
    await expect(client.exchangeKey()).resolves.toEqual({ mode: 'test' });
    expect(stub.exchanges()).toBe(2);
  });

  it('revoke revokes a token known only from the store, and then forgets it', async () => {
    const stub = await mintingStub();
    const now = Date.parse('2030-01-01T00:00:00Z');
    const store = memoryPort(
      JSON.stringify({ token: 'stored_token_abcdefgh', mode: 'test', obtainedAt: now - HOUR }),
    );
    const client = createSmsGoClient({
      baseUrl: stub.url,
      accountKey: KEY,
      tokenStore: store,
      now: () => now,
    });
    await client.revoke();
    expect(stub.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
      'POST /v1/auth/revoke Bearer stored_token_abcdefgh',
    ]);
    expect(store.value).toBeNull();
    expect(client.mode).toBeNull();
  });
});
