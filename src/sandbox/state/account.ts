/**
 * One isolated account: its records plus the indexes that keep lookups O(1)
 * (sends by id, contacts by id and by phone, lists, short links, invoices).
 * Only the records are persisted; the indexes are rebuilt on load.
 */
import type {
  AccountSnapshot,
  AutoRechargeRecord,
  CardRecord,
  ContactRecord,
  InvoiceRecord,
  ListRecord,
  PlanRecord,
  SendRecord,
  ShortLinkRecord,
  SmsTypeRecord,
} from './model';

export class Account {
  readonly key: string;
  readonly createdAt: number;
  balanceCents: number;
  readonly company: { name: string; document: string | null };
  readonly smsTypes: SmsTypeRecord[];
  readonly plans: PlanRecord[];
  readonly cards: CardRecord[];
  readonly webhook: { url: string | null; secret: string };
  autoRecharge: AutoRechargeRecord;
  /** Oldest first. */
  readonly sends: SendRecord[];
  /** Oldest first. */
  readonly invoices: InvoiceRecord[];
  readonly counters: { send: number; invoice: number };

  readonly sendsById = new Map<string, SendRecord>();
  readonly invoicesById = new Map<string, InvoiceRecord>();
  /** Insertion-ordered: the map's order is the listing order. */
  readonly contacts = new Map<string, ContactRecord>();
  readonly contactsByPhone = new Map<string, string>();
  readonly lists = new Map<string, ListRecord>();
  readonly shortLinks = new Map<string, ShortLinkRecord>();

  constructor(s: AccountSnapshot) {
    this.key = s.key;
    this.createdAt = s.createdAt;
    this.balanceCents = s.balanceCents;
    this.company = s.company;
    this.smsTypes = s.smsTypes;
    this.plans = s.plans;
    this.cards = s.cards;
    this.webhook = s.webhook;
    this.autoRecharge = s.autoRecharge;
    this.sends = s.sends;
    this.invoices = s.invoices;
    this.counters = s.counters;
    for (const send of s.sends) this.sendsById.set(send.id, send);
    for (const inv of s.invoices) {
      // Snapshots written before invoice numbers became integers held "SBX-000001".
      if (typeof inv.displayId === 'string') inv.displayId = Number(/\d+/.exec(inv.displayId)?.[0] ?? 0);
      this.invoicesById.set(inv.uuid, inv);
    }
    for (const c of s.contacts) this.putContact(c);
    for (const l of s.lists) this.lists.set(l.id, l);
    for (const link of s.shortLinks) this.shortLinks.set(link.id, link);
  }

  toSnapshot(): AccountSnapshot {
    return {
      key: this.key,
      createdAt: this.createdAt,
      balanceCents: this.balanceCents,
      company: this.company,
      smsTypes: this.smsTypes,
      plans: this.plans,
      cards: this.cards,
      webhook: this.webhook,
      autoRecharge: this.autoRecharge,
      sends: this.sends,
      invoices: this.invoices,
      contacts: [...this.contacts.values()],
      lists: [...this.lists.values()],
      shortLinks: [...this.shortLinks.values()],
      counters: this.counters,
    };
  }

  addSend(send: SendRecord): void {
    this.sends.push(send);
    this.sendsById.set(send.id, send);
  }

  addInvoice(invoice: InvoiceRecord): void {
    this.invoices.push(invoice);
    this.invoicesById.set(invoice.uuid, invoice);
  }

  putContact(contact: ContactRecord): void {
    const previous = this.contacts.get(contact.id);
    if (previous && previous.phone !== contact.phone) this.contactsByPhone.delete(previous.phone);
    this.contacts.set(contact.id, contact);
    this.contactsByPhone.set(contact.phone, contact.id);
  }

  deleteContact(id: string): boolean {
    const contact = this.contacts.get(id);
    if (!contact) return false;
    this.contacts.delete(id);
    this.contactsByPhone.delete(contact.phone);
    return true;
  }

  deleteList(id: string): boolean {
    if (!this.lists.delete(id)) return false;
    for (const c of this.contacts.values()) {
      if (c.lists.includes(id)) c.lists = c.lists.filter((l) => l !== id);
    }
    return true;
  }

  smsType(id: number): SmsTypeRecord | undefined {
    return this.smsTypes.find((t) => t.id === id);
  }

  card(id: string): CardRecord | undefined {
    return this.cards.find((c) => c.id === id.toLowerCase());
  }

  defaultCard(): CardRecord | undefined {
    return this.cards.find((c) => c.default) ?? this.cards[0];
  }
}
