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
  /** The `schedule` it was sent with (ISO 8601, UTC); null when it had none (sent at once). */
  schedule: string | null;
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
  /** The invoice's number, as the invoice history gives it. */
  displayId: number;
  /** Amount charged, in BRL (a coupon lowers it). */
  total: number;
  /** What the balance gains (gained, once paid), in BRL. */
  credited: number;
  quantity: number;
  /** The last 4 digits of the card charged. */
  card: string;
  /** A purchase the owner made, or the account's auto-recharge. */
  source: 'purchase' | 'auto-recharge';
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
        schedule:
          m.scheduleAt === undefined || m.scheduleAt === null ? null : new Date(m.scheduleAt).toISOString(),
      });
    }
  }
  const charges: LedgerCharge[] = account.invoices.map((inv) => ({
    invoiceUuid: inv.uuid,
    displayId: inv.displayId,
    total: toReais(inv.totalCents),
    credited: toReais(inv.creditCents),
    quantity: inv.quantity,
    card: inv.cardLast4,
    source: inv.source,
    status: inv.status === 'paid' ? 'succeeded' : 'processing',
  }));
  return { messages, sends, charges, balance: toReais(account.balanceCents) };
}
