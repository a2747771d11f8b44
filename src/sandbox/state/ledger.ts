/**
 * The ledger: every message accepted and every charge made for an account,
 * in order, with what each send debited and where each message stands on the
 * sandbox's clock. Tests use it to prove that nothing was lost or sent twice,
 * and the journeys hold every figure the owner reads (spend, delivered,
 * failed, the balance) to it rather than to the app's own numbers. It is
 * read from the account's records, so it costs nothing to keep.
 */
import type { Account } from './account';
import type { MessageStatus } from './model';
import { messageStatus } from '../simulation/progression';
import { toReais } from './money';

export interface LedgerMessage {
  sendId: string;
  phone: string;
  message: string;
  reference: string | null;
  /** Where the message stands now (the sandbox's clock): `delivered` and `failed` are final. */
  status: MessageStatus;
  /** What it was debited, in BRL (its parts × the SMS type's price). */
  cost: number;
  segments: number;
}

/** One accepted send request, as the balance saw it. */
export interface LedgerSend {
  sendId: string;
  /** What the send took from the balance when it was accepted, in BRL. */
  debited: number;
  messages: number;
  segments: number;
}

export interface LedgerCharge {
  invoiceUuid: string;
  /** Amount charged, in BRL. */
  total: number;
  quantity: number;
  /** `processing` until a pending payment settles, then `succeeded`. */
  status: 'succeeded' | 'processing';
}

export interface Ledger {
  messages: LedgerMessage[];
  sends: LedgerSend[];
  charges: LedgerCharge[];
  /** The account's balance now, in BRL. */
  balance: number;
}

export function emptyLedger(): Ledger {
  return { messages: [], sends: [], charges: [], balance: 0 };
}

export function ledgerOf(account: Account | undefined, now: number): Ledger {
  if (!account) return emptyLedger();
  const messages: LedgerMessage[] = [];
  const sends: LedgerSend[] = [];
  for (const send of account.sends) {
    sends.push({
      sendId: send.id,
      debited: toReais(send.costCents),
      messages: send.messages.length,
      segments: send.segments,
    });
    for (const m of send.messages) {
      messages.push({
        sendId: send.id,
        phone: m.phone,
        message: m.message,
        reference: m.reference,
        status: messageStatus(m, now),
        cost: toReais(m.costCents),
        segments: m.segments,
      });
    }
  }
  const charges: LedgerCharge[] = account.invoices.map((inv) => ({
    invoiceUuid: inv.uuid,
    total: toReais(inv.totalCents),
    quantity: inv.quantity,
    status: inv.status === 'paid' ? 'succeeded' : 'processing',
  }));
  return { messages, sends, charges, balance: toReais(account.balanceCents) };
}
