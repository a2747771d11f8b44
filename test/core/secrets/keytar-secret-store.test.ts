import { afterAll, describe, expect, it } from 'vitest';
import { createKeytarSecretStore, KeychainUnavailableError } from '@core/secrets/keytar-secret-store';
import { probeKeychain } from '@core/secrets/probe-keychain';
import { accountKeyEntry, tokenEntry } from '@core/secrets/secret-store';

// Against the REAL OS keychain, under a service name of its own so it never
// touches a developer's Torpedo entries. CI runs this under gnome-keyring.
const service = `Torpedo-test-${process.pid}`;
const store = createKeytarSecretStore(service);
const probe = await probeKeychain(store);
const available = probe.available;
if (!probe.available) {
  console.warn(
    `keytar tests skipped: no Secret Service (${probe.reason}). CI runs them under gnome-keyring.`,
  );
} else {
  console.warn('keytar: the no-keychain error test is skipped because a Secret Service is running here.');
}

const written = new Set<string>();
async function set(account: string, secret: string): Promise<void> {
  written.add(account);
  await store.set(account, secret);
}

afterAll(async () => {
  if (!available) return;
  for (const account of written) await store.delete(account);
});

describe('keytar secret store (real keychain)', () => {
  it('says it is the keychain', () => {
    expect(store.kind).toBe('keychain');
  });

  it.skipIf(!available)('sets, reads back, overwrites and deletes an entry', async () => {
    const account = accountKeyEntry('default');
    await set(account, 'test_key_ção_1');
    expect(await store.get(account)).toBe('test_key_ção_1');
    await set(account, 'test_key_2');
    expect(await store.get(account)).toBe('test_key_2');

    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
  });

  it.skipIf(!available)('returns null for, and reports false on deleting, an entry never set', async () => {
    expect(await store.get(tokenEntry('never-set'))).toBeNull();
    expect(await store.delete(tokenEntry('never-set'))).toBe(false);
  });

  it.skipIf(!available)('keeps the key and the token of each profile apart', async () => {
    await set(accountKeyEntry('shop-a'), 'key-a');
    await set(tokenEntry('shop-a'), 'token-a');
    await set(accountKeyEntry('shop-b'), 'key-b');
    await set(tokenEntry('shop-b'), 'token-b');

    expect(await store.delete(tokenEntry('shop-a'))).toBe(true);
    expect(await store.get(tokenEntry('shop-a'))).toBeNull();
    expect(await store.get(accountKeyEntry('shop-a'))).toBe('key-a');
    expect(await store.get(accountKeyEntry('shop-b'))).toBe('key-b');
    expect(await store.get(tokenEntry('shop-b'))).toBe('token-b');
  });

  it.skipIf(!available)('does not see entries filed under another service name', async () => {
    await set(accountKeyEntry('isolated'), 'only-here');
    const other = createKeytarSecretStore(`${service}-other`);
    expect(await other.get(accountKeyEntry('isolated'))).toBeNull();
  });

  // Where no keychain runs, the error the user sees must be the plain one and
  // must not echo the secret that was being stored.
  it.skipIf(available)('fails with KeychainUnavailableError that never contains the secret', async () => {
    const secret = 'test_do_not_leak_9f8e7d';
    const error = await store.set(accountKeyEntry('default'), secret).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    const unavailable = error as KeychainUnavailableError;
    expect(unavailable.code).toBe('keychain_unavailable');
    expect(unavailable.message).toMatch(/^The system keychain is not available: .+\. /);
    expect(unavailable.message).not.toContain(secret);
    expect(unavailable.reason).not.toContain(secret);
    expect(JSON.stringify(unavailable)).not.toContain(secret);
  });
});
