import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { KeychainUnavailableError } from '@core/secrets/keytar-secret-store';
import { probeKeychain } from '@core/secrets/probe-keychain';
import type { SecretStore } from '@core/secrets/secret-store';

// The real keychain is probed in keytar-secret-store.test.ts; the failure
// modes below cannot be produced on demand there, hence the fake stores.

function fakeStore(overrides: Partial<SecretStore>): SecretStore {
  return { ...createMemorySecretStore(), kind: 'keychain', ...overrides };
}

describe('probeKeychain', () => {
  it('reports a working store as available and leaves no probe entry behind', async () => {
    const store = createMemorySecretStore();
    expect(await probeKeychain(store)).toEqual({ available: true });
    expect(await store.get('__torpedo_probe__')).toBeNull();
  });

  it('reports the reason of a KeychainUnavailableError (fake failing store)', async () => {
    const store = fakeStore({
      set: () => Promise.reject(new KeychainUnavailableError('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    });
    expect(await probeKeychain(store)).toEqual({
      available: false,
      reason: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
  });

  it('turns any other failure into a reason instead of throwing (fake failing store)', async () => {
    const store = fakeStore({ get: () => Promise.reject(new Error('locked')) });
    expect(await probeKeychain(store)).toEqual({ available: false, reason: 'locked' });
  });

  it('reports a store that loses what it was given (fake forgetful store)', async () => {
    const store = fakeStore({ get: async () => null });
    expect(await probeKeychain(store)).toEqual({
      available: false,
      reason: 'the keychain did not return what was stored',
    });
  });

  it('gives up on a store that never answers (fake hanging store)', async () => {
    const store = fakeStore({ set: () => new Promise<void>(() => {}) });
    const started = Date.now();
    expect(await probeKeychain(store, { timeoutMs: 200 })).toEqual({
      available: false,
      reason: 'the keychain did not answer within 0.2 s',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
