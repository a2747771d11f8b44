/**
 * The ledger: every message accepted and every charge made for an account,
 * in order. Tests use it to prove that nothing was lost or sent twice. It is
 * read from the account's records, so it costs nothing to keep.
 */
import type { Account } from './account';
import { toReais } from './money';

export interface LedgerMessage {
  sendId: string;
  phone: string;
  message: string;
  reference: string | null;
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
  charges: LedgerCharge[];
}

export function emptyLedger(): Ledger {
  return { messages: [], charges: [] };
}

export function ledgerOf(account: Account | undefined): Ledger {
  if (!account) return emptyLedger();
  const messages: LedgerMessage[] = [];
  for (const send of account.sends) {
    for (const m of send.messages) {
      messages.push({ sendId: send.id, phone: m.phone, message: m.message, reference: m.reference });
    }
  }
  const charges: LedgerCharge[] = account.invoices.map((inv) => ({
    invoiceUuid: inv.uuid,
    total: toReais(inv.totalCents),
    quantity: inv.quantity,
    status: inv.status === 'paid' ? 'succeeded' : 'processing',
  }));
  return { messages, charges };
}
