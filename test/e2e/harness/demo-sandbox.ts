import { DEMO_ACCOUNT_KEY } from '../../../src/sandbox/index';
import { sandboxAdmin } from '../../support/sandbox-admin';
import { sandboxBalance } from '../../support/sandbox-balance';
import type { TorpedoApp } from './fixtures';

/**
 * The demo's own sandbox (its address is the session's service address),
 * reached the way the tests reach any sandbox: its admin routes for faults
 * and the ledger, and the service's public read for the demo account's balance.
 */
export async function demoSandbox(torpedo: TorpedoApp) {
  const { baseUrl } = await torpedo.invoke('session:get');
  if (!baseUrl) throw new Error('Not signed into the demo');
  const admin = sandboxAdmin(baseUrl);
  return {
    faults: admin.faults,
    clearFaults: admin.clearFaults,
    ledger: () => admin.ledger(DEMO_ACCOUNT_KEY),
    /** What the demo account holds, in reais. */
    balance: () => sandboxBalance(baseUrl, DEMO_ACCOUNT_KEY),
    /** A customer answers the demo account's messages (a signed `sms.reply` to its webhook). */
    reply: (fromPhone: string, message: string) => admin.reply(DEMO_ACCOUNT_KEY, fromPhone, message),
    /** Moves the demo's simulated clock on (deliveries, the recipients' clicks). */
    advanceClock: (ms: number) => admin.advanceClock(ms),
    /** `count` clicks on a demo link now; `phone`: the recipient who clicked, when the service knows. */
    clicks: (link: { linkId: string } | { shortUrl: string }, count = 1, phone?: string) =>
      admin.clicks(DEMO_ACCOUNT_KEY, link, count, phone),
  };
}
