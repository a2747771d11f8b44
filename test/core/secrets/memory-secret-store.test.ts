import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { accountKeyEntry, tokenEntry } from '@core/secrets/secret-store';

describe('memory secret store', () => {
  it('says it is memory, so the UI can warn that secrets go away on quit', () => {
    expect(createMemorySecretStore().kind).toBe('memory');
  });

  it('returns null for an entry never set', async () => {
    expect(await createMemorySecretStore().get(tokenEntry('default'))).toBeNull();
  });

  it('sets, overwrites, reads and deletes an entry', async () => {
    const store = createMemorySecretStore();
    await store.set(accountKeyEntry('default'), 'test_key_1');
    await store.set(accountKeyEntry('default'), 'test_key_2');
    expect(await store.get(accountKeyEntry('default'))).toBe('test_key_2');

    expect(await store.delete(accountKeyEntry('default'))).toBe(true);
    expect(await store.get(accountKeyEntry('default'))).toBeNull();
    expect(await store.delete(accountKeyEntry('default'))).toBe(false);
  });

  it('keeps the key and the token of each profile apart', async () => {
    const store = createMemorySecretStore();
    await store.set(accountKeyEntry('shop-a'), 'key-a');
    await store.set(tokenEntry('shop-a'), 'token-a');
    await store.set(accountKeyEntry('shop-b'), 'key-b');

    await store.delete(tokenEntry('shop-a'));
    expect(await store.get(accountKeyEntry('shop-a'))).toBe('key-a');
    expect(await store.get(accountKeyEntry('shop-b'))).toBe('key-b');
    expect(await store.get(tokenEntry('shop-b'))).toBeNull();
  });

  it('gives each store its own entries', async () => {
    const one = createMemorySecretStore();
    const two = createMemorySecretStore();
    await one.set('entry', 'secret');
    expect(await two.get('entry')).toBeNull();
  });
});
