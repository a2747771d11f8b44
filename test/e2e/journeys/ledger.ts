import type { Ledger, LedgerMessage } from '../../../src/sandbox/index';

/**
 * The sandbox's ledger (`/__sandbox/ledger`), summed the way the owner reads
 * the screens: what left the balance, how many messages went out and where
 * they stand. Every figure a journey asserts on a screen is held to these,
 * never to the app's own numbers.
 */
export interface OwnerLedger extends Ledger {
  /** Everything the sends took from the balance (campaigns and test sends alike), in BRL. */
  spent: number;
  /** Messages of campaigns (they carry a reference); test sends carry none. */
  campaignMessages: LedgerMessage[];
  testMessages: LedgerMessage[];
  /** Of the campaigns' messages: final states, and those still on their way. */
  delivered: number;
  failed: number;
  inProgress: number;
  /** The messages to one number (E.164). */
  to(phone: string): LedgerMessage[];
}

const cents = (reais: number) => Math.round(reais * 100);

export function ownerLedger(ledger: Ledger): OwnerLedger {
  const campaignMessages = ledger.messages.filter((m) => m.reference !== null);
  const count = (status: string) => campaignMessages.filter((m) => m.status === status).length;
  const delivered = count('delivered');
  const failed = count('failed');
  return {
    ...ledger,
    spent: ledger.sends.reduce((sum, s) => sum + cents(s.debited), 0) / 100,
    campaignMessages,
    testMessages: ledger.messages.filter((m) => m.reference === null),
    delivered,
    failed,
    inProgress: campaignMessages.length - delivered - failed,
    to: (phone) => ledger.messages.filter((m) => m.phone === phone),
  };
}
