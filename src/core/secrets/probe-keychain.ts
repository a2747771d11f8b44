import { randomUUID } from 'node:crypto';
import { KeychainUnavailableError } from './keytar-secret-store';
import type { SecretStore } from './secret-store';

export type KeychainProbe = { available: true } | { available: false; reason: string };

const PROBE_ENTRY = '__torpedo_probe__';

/**
 * Finds out whether the store really works (a keychain can exist yet refuse
 * writes, e.g. a Secret Service without a default collection) by writing,
 * reading back and deleting a throwaway entry. Never throws, and gives up
 * after `timeoutMs` because some D-Bus setups never answer.
 * Note: a keychain waiting for the user to unlock it also trips the timeout;
 * callers may probe again later.
 */
export async function probeKeychain(
  store: SecretStore,
  options: { timeoutMs?: number } = {},
): Promise<KeychainProbe> {
  const timeoutMs = options.timeoutMs ?? 3000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<KeychainProbe>((resolve) => {
    timer = setTimeout(
      () => resolve({ available: false, reason: `the keychain did not answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([roundTrip(store), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function roundTrip(store: SecretStore): Promise<KeychainProbe> {
  const value = `probe-${randomUUID()}`;
  try {
    await store.set(PROBE_ENTRY, value);
    const readBack = await store.get(PROBE_ENTRY);
    await store.delete(PROBE_ENTRY);
    if (readBack !== value) {
      return { available: false, reason: 'the keychain did not return what was stored' };
    }
    return { available: true };
  } catch (error) {
    if (error instanceof KeychainUnavailableError) return { available: false, reason: error.reason };
    return { available: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
