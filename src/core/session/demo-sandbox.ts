import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox/index';

/**
 * Demo mode runs the built-in sandbox inside the app, on a free port of
 * 127.0.0.1, and signs into it with a fixed `test_` key. The key opens only
 * this local sandbox, so it is not a secret and is not kept in the keychain;
 * the sandbox's state lives in the data folder, so the demo's sends,
 * invoices and balance survive a restart until "Reset demo".
 */
export const DEMO_ACCOUNT_KEY = 'test_demo_torpedo';

const demoFolder = (dataDir: string) => join(dataDir, 'demo');

export function startDemoSandbox(dataDir: string): Promise<Sandbox> {
  return startSandbox({ port: 0, seed: 1, dbFile: join(demoFolder(dataDir), 'sandbox.json') });
}

export async function deleteDemoData(dataDir: string): Promise<void> {
  await rm(demoFolder(dataDir), { recursive: true, force: true });
}
