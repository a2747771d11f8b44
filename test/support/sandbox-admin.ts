import type { FaultRule, Ledger } from '../../src/sandbox/index';

/**
 * The admin routes of the sandbox at `url` (no token, never faulted): fault
 * rules, the ledger of accepted messages and charges, the simulated clock.
 * Plain fetch, so the vitest and Playwright tests both use it.
 */
export function sandboxAdmin(url: string) {
  async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok)
      throw new Error(`sandbox admin ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  }
  return {
    /**
     * A customer's reply to the account (`fromPhone` E.164): the sandbox posts one signed
     * `sms.reply` to the account's webhook and answers how that delivery went.
     */
    reply: async (key: string, fromPhone: string, message: string) =>
      (await admin('POST', '/__sandbox/reply', { key, fromPhone, message })) as {
        delivered: boolean;
        status: number | null;
        error?: string;
      },
    /** Replaces the fault rules: `[{ route: '*', fault: 'drop-before-commit' }]` is an outage. */
    faults: (rules: FaultRule[]) => admin('POST', '/__sandbox/faults', { rules }),
    clearFaults: () => admin('DELETE', '/__sandbox/faults'),
    ledger: async (key: string) =>
      (await admin('GET', `/__sandbox/ledger?key=${encodeURIComponent(key)}`)) as Ledger,
    advanceClock: (advanceMs: number) => admin('POST', '/__sandbox/clock', { advanceMs }),
    /**
     * `count` clicks on a link now (by id or short address), as if people opened it; `phone`: the
     * recipient the service names for them (E.164), as for a link in a message it delivered.
     */
    clicks: async (key: string, link: { linkId: string } | { shortUrl: string }, count = 1, phone?: string) =>
      (await admin('POST', '/__sandbox/clicks', { key, ...link, count, ...(phone ? { phone } : {}) })) as {
        linkId: string;
        clicks: number;
      },
  };
}
