/**
 * A data folder's queued campaigns delivered as the owner's machine would:
 * a real `torpedo worker --until-idle` process against a fresh sandbox,
 * then what the sandbox's ledger says each number received.
 */
import { expect } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { torpedo } from './cli-process';

const FAST = JSON.stringify({ settleMs: 500, retryBaseMs: 50, retryMaxMs: 500, idlePollMs: 100 });

/** `[last 11 digits of the number, message]` of every message the sandbox received, sorted. */
export async function deliverToSandbox(dataDir: string, seed: number): Promise<[string, string][]> {
  const sandbox = await startSandbox({ port: 0, seed });
  try {
    const key = `test_cli_${seed}_${Date.now()}`;
    const worker = await torpedo(
      ['worker', '--until-idle', '--data-dir', dataDir, '--base-url', sandbox.url, '--key', key],
      { TORPEDO_DELIVERY_TIMINGS: FAST },
    );
    expect(worker.code, worker.stderr).toBe(0);
    return sandbox
      .ledger(key)
      .messages.map((m): [string, string] => [m.phone.replace(/\D/g, '').slice(-11), m.message])
      .sort();
  } finally {
    await sandbox.close();
  }
}
