/**
 * Charging a card: for a purchase and for auto-recharge. A charge creates an
 * invoice (which is also the ledger's charge) and credits the balance, at once
 * (`succeeded`) or when a `processing` payment settles 30 s later. Magic cards
 * fail or wait in their documented way; nothing is charged when they fail.
 *
 * The balance is money (BRL): buying N credits adds them at their regular
 * price (seed.ts `creditCentsFor`), which is also what they cost unless on sale.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ERROR_CODES } from '../../core/api/wire';
import type { Account } from '../state/account';
import type { Clock } from './clock';
import { fieldError, HttpError } from '../http/http-io';
import {
  MAGIC_CARD_DISPLAY,
  PROCESSING_SETTLE_MS,
  magicCardBehaviour,
  type MagicCardBehaviour,
} from './magic-cards';
import type { InvoiceRecord } from '../state/model';
import { formatReais } from '../state/money';
import { creditCentsFor, tierForQuantity, unitCents } from '../state/seed';
import type { SandboxState } from '../state/state';

export const INVOICE_EXPIRY_MS = 3 * 24 * 60 * 60 * 1000;

export interface ChargeCard {
  id: string;
  flag: string;
  last4: string;
  magic?: MagicCardBehaviour;
}

export interface ChargeRequest {
  quantity: number;
  totalCents: number;
  creditCents: number;
  card: ChargeCard;
  source: InvoiceRecord['source'];
}

export interface ChargeOutcome {
  status: 'succeeded' | 'processing';
  invoice: InvoiceRecord;
}

export class Payments {
  private pending: { key: string; uuid: string; settleAt: number }[] = [];

  constructor(
    private readonly state: SandboxState,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  /** The saved or magic card named by `cardId`, else the default card. */
  resolveCard(account: Account, cardId: string | undefined, field = 'card_id'): ChargeCard {
    if (cardId !== undefined) {
      const magic = magicCardBehaviour(cardId);
      if (magic) return { id: cardId.toLowerCase(), ...MAGIC_CARD_DISPLAY, magic };
      const card = account.card(cardId);
      if (!card) throw fieldError(field, 'Unknown card.');
      return { id: card.id, flag: card.flag, last4: card.number };
    }
    const card = account.defaultCard();
    if (!card) throw new HttpError(400, ERROR_CODES.cardRequired, 'The account has no saved card to charge.');
    return { id: card.id, flag: card.flag, last4: card.number };
  }

  isKnownCard(account: Account, cardId: string): boolean {
    return magicCardBehaviour(cardId) !== undefined || account.card(cardId) !== undefined;
  }

  charge(account: Account, req: ChargeRequest): ChargeOutcome {
    switch (req.card.magic) {
      case 'declined':
        throw new HttpError(402, ERROR_CODES.cardDeclined, 'The card was declined.');
      case 'authenticationRequired':
        throw new HttpError(
          402,
          ERROR_CODES.authenticationRequired,
          'The card needs the customer to authenticate.',
        );
      case 'gatewayUnavailable':
        throw new HttpError(503, ERROR_CODES.paymentUnavailable, 'The payment gateway is unavailable.');
      default:
        break;
    }
    const now = this.clock.now();
    const processing = req.card.magic === 'processing';
    account.counters.invoice += 1;
    const invoice: InvoiceRecord = {
      uuid: randomUUID(),
      displayId: account.counters.invoice,
      quantity: req.quantity,
      totalCents: req.totalCents,
      creditCents: req.creditCents,
      createdAt: now,
      expiryAt: now + INVOICE_EXPIRY_MS,
      status: processing ? 'pending' : 'paid',
      settleAt: processing ? now + PROCESSING_SETTLE_MS : null,
      paymentIntentId: 'pi_' + randomBytes(12).toString('hex'),
      cardId: req.card.id,
      cardFlag: req.card.flag,
      cardLast4: req.card.last4,
      source: req.source,
    };
    account.addInvoice(invoice);
    if (processing) this.pending.push({ key: account.key, uuid: invoice.uuid, settleAt: invoice.settleAt! });
    else account.balanceCents += invoice.creditCents;
    return { status: processing ? 'processing' : 'succeeded', invoice };
  }

  /** Pays and credits every pending invoice due at `now`. True when anything changed. */
  settleDue(now: number): boolean {
    if (this.pending.length === 0) return false;
    const due = this.pending.filter((p) => p.settleAt <= now);
    if (due.length === 0) return false;
    this.pending = this.pending.filter((p) => p.settleAt > now);
    for (const p of due) {
      const account = this.state.find(p.key);
      const invoice = account?.invoicesById.get(p.uuid);
      if (!account || !invoice || invoice.status !== 'pending') continue;
      invoice.status = 'paid';
      invoice.settleAt = null;
      account.balanceCents += invoice.creditCents;
    }
    return true;
  }

  /** After a debit: recharge when enabled and the balance fell below the threshold. */
  autoRecharge(account: Account): void {
    const ar = account.autoRecharge;
    if (!ar.enabled || ar.cardId === null || account.balanceCents >= ar.thresholdCents) return;
    const tier = tierForQuantity(ar.planQuantity);
    try {
      const card = this.resolveCard(account, ar.cardId);
      const total = ar.planQuantity * unitCents(tier);
      this.charge(account, {
        quantity: ar.planQuantity,
        totalCents: total,
        creditCents: creditCentsFor(ar.planQuantity, tier),
        card,
        source: 'auto-recharge',
      });
      this.log(`auto-recharge: ${account.key} charged ${formatReais(total)}`);
    } catch (err) {
      this.log(`auto-recharge: ${account.key} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** After loading a snapshot: pick up the invoices still pending. */
  restorePending(): void {
    this.pending = [];
    for (const account of this.state.allAccounts()) {
      for (const inv of account.invoices) {
        if (inv.status === 'pending' && inv.settleAt !== null) {
          this.pending.push({ key: account.key, uuid: inv.uuid, settleAt: inv.settleAt });
        }
      }
    }
  }
}
