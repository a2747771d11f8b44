/**
 * The server's token in the REAL OS keychain (under a service name of its
 * own, never a developer's Torpedo entries): kept there when connecting,
 * found again by a core that restarts on the same folder (its read works),
 * nowhere in the data folder, and gone after disconnect. CI runs it under
 * gnome-keyring; without a Secret Service it is skipped and says why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createKeytarSecretStore } from '@core/secrets/keytar-secret-store';
import { probeKeychain } from '@core/secrets/probe-keychain';
import { accountKeyEntry, serverTokenEntry, tokenEntry } from '@core/secrets/secret-store';
import { usePostgres } from '../../server/support/postgres';
import { newKey, useSandbox } from '../api/sandbox-harness';
import { startServerCore, startTestServer } from './server-harness';

const pg = usePostgres();
const keychain = createKeytarSecretStore(`Torpedo-test-server-${process.pid}`);
const probe = await probeKeychain(keychain);
if (!probe.available) console.warn(`server keychain test skipped: no Secret Service (${probe.reason}).`);

function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : [{ path, text: readFileSync(path).toString('latin1') }];
  });
}

describe('the server token in the OS keychain', () => {
  it.skipIf(!probe.available)('is kept there only, and forgotten on disconnect', async () => {
    // The sign-in keeps the account's key and token in this test's own keychain service too.
    onTestFinished(async () => {
      for (const entry of [accountKeyEntry, tokenEntry, serverTokenEntry])
        await keychain.delete(entry('default'));
    });
    const sandbox = await useSandbox();
    const server = await startTestServer(pg);
    const c = await startServerCore({
      accountKey: newKey('keychain'),
      baseUrl: sandbox.url,
      store: keychain,
    });
    await c.call('server:connect', { url: server.url, code: await server.code() });
    const token = await keychain.get(serverTokenEntry('default'));
    expect(token).toMatch(/\S{20,}/);
    // The token works: the server answers this computer's read.
    expect(await c.call('server:sync')).toMatchObject({ received: 0 });
    for (const file of filesUnder(c.dataDir)) expect(file.text.includes(token!), file.path).toBe(false);

    await c.call('server:disconnect');
    expect(await keychain.get(serverTokenEntry('default'))).toBeNull();
  });
});
