/**
 * A fresh sandbox per test (closed when the test ends) with its admin routes:
 * fault injection, the ledger of accepted messages and charges, and the
 * simulated clock. Every key is its own account, so tests never share state.
 */
import { randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { startSandbox, type FaultRule, type Ledger } from '../../../src/sandbox/index';

export const newKey = (label: string): string => `test_${label}_${randomUUID().replaceAll('-', '')}`;

export async function useSandbox() {
  const sb = await startSandbox({ port: 0, seed: 1 });
  onTestFinished(() => sb.close());

  async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${sb.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok)
      throw new Error(`sandbox admin ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  }

  return {
    url: sb.url,
    faults: (rules: FaultRule[]) => admin('POST', '/__sandbox/faults', { rules }),
    clearFaults: () => admin('DELETE', '/__sandbox/faults'),
    ledger: async (key: string) =>
      (await admin('GET', `/__sandbox/ledger?key=${encodeURIComponent(key)}`)) as Ledger,
    advanceClock: (advanceMs: number) => admin('POST', '/__sandbox/clock', { advanceMs }),
  };
}
