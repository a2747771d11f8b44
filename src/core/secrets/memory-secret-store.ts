import type { SecretStore } from './secret-store';

/**
 * Secrets held in this process only, lost on quit. Used when no keychain
 * exists and the user chooses "keep the key for this session only", and in
 * tests. Each call makes an independent store.
 */
export function createMemorySecretStore(): SecretStore {
  const entries = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => {
      entries.set(account, secret);
    },
    delete: async (account) => entries.delete(account),
  };
}
