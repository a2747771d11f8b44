/**
 * A sandbox for the benchmarks, in its own process (as the real service is:
 * its work never shares Torpedo's event loop), and accounts funded on it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createSmsGoClient } from '@core/api/smsgo-client';

const ROOT = join(import.meta.dirname, '..', '..');

export async function startSandbox(): Promise<{ url: string; stop: () => void }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  });
  proc.stdout!.resume();
  const url = /listening on (\S+)$/.exec(first)?.[1];
  if (!url) throw new Error(`unexpected sandbox output: ${first}`);
  return { url, stop: () => proc.kill('SIGTERM') };
}

/** A new `test_` key: its own account on the sandbox. */
export const benchKey = (label: string) =>
  `test_bench_${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** A sandbox account with credit for a 1,000,000-message campaign. */
export async function fundedAccount(url: string, label: string): Promise<string> {
  const accountKey = benchKey(label);
  await createSmsGoClient({ baseUrl: url, accountKey }).purchase({ quantity: 1_000_000 });
  return accountKey;
}
