/**
 * This computer's token at its Torpedo Server: in the OS keychain only,
 * beside the account's key (secrets/secret-store.ts), never in SQLite, a file
 * or a log. Without a keychain (the owner chose a memory-only session) it is
 * kept in memory and lost on quit: the next read says `unauthorized`, and
 * the owner connects again with a new code.
 */
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { serverTokenEntry, type SecretStore } from '../secrets/secret-store';

export interface DeviceTokens {
  get(profile: string): Promise<string | null>;
  set(profile: string, token: string): Promise<void>;
  forget(profile: string): Promise<void>;
  /** Every token known in this run, for the log to mask wherever they appear. */
  known(): readonly string[];
}

export function createDeviceTokens(keychain: () => SecretStore | null): DeviceTokens {
  const memory = createMemorySecretStore();
  const seen = new Set<string>();
  const store = () => keychain() ?? memory;
  return {
    async get(profile) {
      const token = await store().get(serverTokenEntry(profile));
      if (token) seen.add(token);
      return token;
    },
    async set(profile, token) {
      seen.add(token);
      await store().set(serverTokenEntry(profile), token);
    },
    async forget(profile) {
      await store()
        .delete(serverTokenEntry(profile))
        .catch(() => false);
    },
    known: () => [...seen],
  };
}
