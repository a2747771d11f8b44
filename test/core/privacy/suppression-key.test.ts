/**
 * The key of the erased numbers' hashes lives in the OS keychain
 * (`<profile>:suppression-key`), outside torpedo.db and its backups: a second
 * run (a restart, a restore) gets the same key, so a kept hash still
 * recognises the number. Without a keychain it is kept in an owner-only file
 * of the data folder instead, and moves to the keychain, the same bytes,
 * once there is one. Against the REAL keychain, under a service name of its
 * own; CI runs it under gnome-keyring.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPhone } from '@core/privacy/privacy-module';
import { createSuppressionKeys } from '@core/privacy/suppression/suppression-key';
import { createKeytarSecretStore } from '@core/secrets/keytar-secret-store';
import { probeKeychain } from '@core/secrets/probe-keychain';
import { suppressionKeyEntry } from '@core/secrets/secret-store';
import { tempDir } from '../../support/temp-dir';

const store = createKeytarSecretStore(`Torpedo-test-privacy-${process.pid}`);
const probe = await probeKeychain(store);
if (!probe.available) {
  console.warn(
    `suppression key keychain tests skipped: no Secret Service (${probe.reason}). CI runs them under gnome-keyring.`,
  );
}
const profiles = new Set<string>();
afterAll(async () => {
  if (!probe.available) return;
  for (const profile of profiles) await store.delete(suppressionKeyEntry(profile));
});

describe('the suppression key', () => {
  it.skipIf(!probe.available)(
    'is made once in the keychain, and the next run reads the same one',
    async () => {
      const profile = `p${Date.now()}`;
      profiles.add(profile);
      const dataDir = tempDir();
      const first = await createSuppressionKeys(dataDir, () => store).key(profile);
      expect(first).toHaveLength(32);
      expect(await store.get(suppressionKeyEntry(profile))).toBe(first.toString('base64'));
      const again = await createSuppressionKeys(tempDir(), () => store).key(profile);
      expect(hashPhone(again, '+5511987654321')).toBe(hashPhone(first, '+5511987654321'));
      // Nothing of it in the data folder.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );

  it('without a keychain, is kept owner-only in the data folder, and moves to the keychain later', async () => {
    const profile = `q${Date.now()}`;
    profiles.add(profile);
    const dataDir = tempDir();
    const kept = await createSuppressionKeys(dataDir, () => null).key(profile);
    const file = path.join(dataDir, `suppression-key-${profile}.txt`);
    expect(fs.readFileSync(file, 'utf8')).toBe(kept.toString('base64'));
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect((await createSuppressionKeys(dataDir, () => null).key(profile)).equals(kept)).toBe(true);
    if (!probe.available) return;
    const moved = await createSuppressionKeys(dataDir, () => store).key(profile);
    expect(moved.equals(kept)).toBe(true);
    expect(await store.get(suppressionKeyEntry(profile))).toBe(kept.toString('base64'));
  });
});
