/**
 * The demo the desktop app and the CLI offer when no account is set up: this
 * sandbox on a free port of 127.0.0.1, signed into with a fixed `test_` key.
 * The key opens only this local sandbox, so it is not a secret and is not
 * kept in the keychain. The sandbox's state lives in the data folder
 * (demo/sandbox.json), so the demo's sends, invoices and balance survive a
 * restart until "Reset demo".
 *
 * The host (Electron's main, the CLI, the e2e harness) hands this to the core
 * as CoreOptions.demo: the core never imports the sandbox, and a build
 * without a demo simply has none.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startSandbox } from './server';

export const DEMO_ACCOUNT_KEY = 'test_demo_torpedo';

const demoFolder = (dataDir: string) => join(dataDir, 'demo');

export interface RunningDemo {
  url: string;
  /** One signed sample `sms.status` event to the demo account's webhook, awaited. */
  sendTestEvent(): Promise<{ delivered: boolean; status: number | null; latencyMs: number; error?: string }>;
  close(): Promise<void>;
}

export const demoService = {
  accountKey: DEMO_ACCOUNT_KEY,

  async start(dataDir: string): Promise<RunningDemo> {
    const sandbox = await startSandbox({
      port: 0,
      seed: 1,
      dbFile: join(demoFolder(dataDir), 'sandbox.json'),
      // The demo says nothing is sent: its events (and the test event) reach this computer only.
      localWebhooksOnly: true,
    });
    return {
      url: sandbox.url,
      close: () => sandbox.close(),
      sendTestEvent: async () => {
        // Through the sandbox's own admin route: delivered exactly as its real events are.
        const answer = await fetch(`${sandbox.url}/__sandbox/webhook-test`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ key: DEMO_ACCOUNT_KEY }),
        });
        return (await answer.json()) as Awaited<ReturnType<RunningDemo['sendTestEvent']>>;
      },
    };
  },

  erase: (dataDir: string): Promise<void> => rm(demoFolder(dataDir), { recursive: true, force: true }),
};
