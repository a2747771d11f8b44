import type { FaultRule, Ledger } from '../../../src/sandbox/index';
import { DEMO_ACCOUNT_KEY } from '../../../src/core/session/demo-sandbox';
import { sandboxBalance } from '../../core/support/sandbox-balance';
import type { TorpedoApp } from './fixtures';

/**
 * The demo's own sandbox, reached the way the tests reach any sandbox: its
 * admin routes (faults, ledger) and, for the balance, the service's public
 * read with the demo account's key. Its address is the session's service
 * address.
 */
export async function demoSandbox(torpedo: TorpedoApp) {
  const { baseUrl } = await torpedo.invoke('session:get');
  if (!baseUrl) throw new Error('Not signed into the demo');
  const admin = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  return {
    /** Replaces the fault rules: `[{ route: '*', fault: 'drop-before-commit' }]` is an outage. */
    faults: (rules: FaultRule[]) => admin('POST', '/__sandbox/faults', { rules }),
    clearFaults: () => admin('DELETE', '/__sandbox/faults'),
    ledger: async () =>
      (await admin('GET', `/__sandbox/ledger?key=${encodeURIComponent(DEMO_ACCOUNT_KEY)}`)) as Ledger,
    /** What the demo account holds, in reais. */
    balance: () => sandboxBalance(baseUrl, DEMO_ACCOUNT_KEY),
  };
}
