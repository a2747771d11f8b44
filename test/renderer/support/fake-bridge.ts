/**
 * A fake `window.torpedo` for renderer tests (a stand-in: the real preload
 * and core cannot run in happy-dom). It records every call, answers with
 * canned Results, and emits events on demand.
 */
import type { AppError, ErrorCode, Result } from '@shared/app-error';
import type {
  AutoRechargeView,
  BalanceView,
  CardsView,
  ConnectivityView,
  ContactView,
  ContactsPageView,
  InvoiceView,
  ListView,
  PlansView,
  SessionInfo,
  SettingsView,
  WebhookView,
} from '@shared/dto';
import type { ChannelName, EventName } from '@shared/ipc-contract';
import type { EventPayloads, InputOf, OutputOf, TorpedoBridge } from '@shared/ipc-contract';

type Handler<C extends ChannelName> = (
  input: InputOf<C>,
) => Result<OutputOf<C>> | Promise<Result<OutputOf<C>>>;

export const signedOut: SessionInfo = {
  signedIn: false,
  mode: null,
  baseUrl: null,
  keyStorage: null,
  keychain: { available: true },
};

export const signedInLive: SessionInfo = {
  signedIn: true,
  mode: 'live',
  baseUrl: 'https://api.smsgo.com.br',
  keyStorage: 'keychain',
  keychain: { available: true },
};

export const signedInDemo: SessionInfo = {
  signedIn: true,
  mode: 'demo',
  baseUrl: 'http://127.0.0.1:4010',
  keyStorage: null,
  keychain: { available: true },
};

export const sampleBalance: BalanceView = {
  balance: 1234.56,
  currency: 'BRL',
  companyName: 'Padaria Pão Quente',
  fetchedAt: new Date().toISOString(),
  stale: false,
  smsWorth: { typeName: 'Padrão', unitPrice: 0.09, count: 13_717 },
};

export const sampleWebhook: WebhookView = {
  url: 'https://padaria.example.com.br/sms/webhook',
  hasSecret: true,
  maskedSecret: 'whsec_••••••••3f9a',
  fetchedAt: new Date().toISOString(),
  stale: false,
};

export const samplePlans: PlansView = {
  plans: [
    // Package amounts (price and sale for the whole package), as the SDKs' vectors give them.
    { id: 'plan-1000', quantity: 1000, price: 90, sale: null, unit: 0.09, total: 90, popular: false },
    { id: 'plan-5000', quantity: 5000, price: 400, sale: null, unit: 0.08, total: 400, popular: false },
    { id: 'plan-10000', quantity: 10000, price: 700, sale: null, unit: 0.07, total: 700, popular: true },
    { id: 'plan-50000', quantity: 50000, price: 3000, sale: 2500, unit: 0.05, total: 2500, popular: false },
  ],
  fetchedAt: new Date().toISOString(),
  stale: false,
};

export const sampleCards: CardsView = {
  cards: [
    {
      id: 'card-visa',
      brand: 'visa',
      last4: '4242',
      holder: 'Maria da Silva',
      alias: 'Cartão da loja',
      expiry: '12/30',
      isDefault: true,
    },
    {
      id: 'card-master',
      brand: 'mastercard',
      last4: '5454',
      holder: 'Maria da Silva',
      alias: null,
      expiry: '08/29',
      isDefault: false,
    },
  ],
  fetchedAt: new Date().toISOString(),
  stale: false,
};

export const sampleAutoRecharge: AutoRechargeView = {
  enabled: false,
  threshold: 10,
  planQuantity: 1000,
  cardId: null,
  alertEnabled: false,
  alertThreshold: 20,
  fetchedAt: new Date().toISOString(),
  stale: false,
};

export const sampleInvoice = (n: number, over: Partial<InvoiceView> = {}): InvoiceView => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  displayId: `FAT-${String(n).padStart(4, '0')}`,
  date: '2025-03-14T13:05:00.000Z',
  expiry: '2025-03-21T13:05:00.000Z',
  total: 90,
  status: { code: 'paid', name: 'Pago', icon: 'check', color: '#18a058' },
  card: { code: 'visa', name: 'Visa •••• 4242' },
  ...over,
});

/** Contact number `n`: `Contato 0007`, `+55119876500007`. */
export const sampleContact = (n: number, over: Partial<ContactView> = {}): ContactView => ({
  id: `contact-${n}`,
  name: `Contato ${String(n).padStart(4, '0')}`,
  phone: `+551198765${String(n).padStart(4, '0')}`,
  email: null,
  fields: {},
  birthday: null,
  lists: [],
  optedOut: false,
  optOut: null,
  consent: null,
  timeZone: null,
  landline: false,
  createdAt: '2025-03-14T13:05:00.000Z',
  updatedAt: '2025-03-14T13:05:00.000Z',
  ...over,
});

export const sampleList = (id: string, name: string, count = 0): ListView => ({
  id,
  name,
  count,
  createdAt: '2025-03-14T13:05:00.000Z',
  updatedAt: '2025-03-14T13:05:00.000Z',
});

/** A `contacts:search` answer over `total` numbered contacts (the page asked for, as the core pages them). */
export const contactsPage = (
  { offset = 0, limit = 50 }: { offset?: number; limit?: number },
  total: number,
): ContactsPageView => ({
  rows: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
    sampleContact(offset + i),
  ),
  total,
  offset,
  limit,
});

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (
  code: ErrorCode,
  message = `fake ${code}`,
  details?: AppError['details'],
): Result<never> => ({
  ok: false,
  error: { code, message, ...(details ? { details } : {}) },
});

export class FakeBridge implements TorpedoBridge {
  readonly calls: { channel: ChannelName; input: unknown }[] = [];
  private readonly handlers = new Map<ChannelName, Handler<ChannelName>>();
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();

  constructor() {
    // Defaults: signed out, Portuguese OS, online; tests override what they need.
    this.reply('session:get', signedOut);
    this.reply('settings:get', { language: 'system', theme: 'system' } satisfies SettingsView);
    this.reply('app:info', { version: '0.1.0', osLocale: 'pt-BR', platform: 'linux', assumedWireFacts: [] });
    this.reply('connectivity:get', {
      state: 'online',
      checkedAt: new Date().toISOString(),
    } satisfies ConnectivityView);
    this.reply('connectivity:check', { state: 'online', checkedAt: new Date().toISOString() });
    this.reply('account:balance', sampleBalance);
    this.reply('account:webhook', sampleWebhook);
    this.reply('account:autoRecharge', sampleAutoRecharge);
    this.reply('credits:plans', samplePlans);
    this.reply('credits:cards', sampleCards);
    this.reply('credits:attempt', null);
    this.reply('import:last', null);
    this.reply('segments:list', []);
    this.reply('segments:fields', []);
  }

  /** Answer `channel` with a handler (for input-dependent or failing answers). */
  handle<C extends ChannelName>(channel: C, handler: Handler<C>): this {
    this.handlers.set(channel, handler as unknown as Handler<ChannelName>);
    return this;
  }

  /** Answer `channel` with this value every time. */
  reply<C extends ChannelName>(channel: C, value: OutputOf<C>): this {
    return this.handle(channel, () => ok(value));
  }

  /** Answer `channel` with this error every time. */
  fail(channel: ChannelName, code: ErrorCode, details?: AppError['details']): this {
    return this.handle(channel, () => fail(code, `fake ${code}`, details));
  }

  /** The inputs of every call to `channel`, in order. */
  inputsOf<C extends ChannelName>(channel: C): InputOf<C>[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.input as InputOf<C>);
  }

  async invoke<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<Result<OutputOf<C>>> {
    this.calls.push({ channel, input });
    const handler = this.handlers.get(channel) as Handler<C> | undefined;
    if (!handler) return fail('unknown_channel', `no fake answer for ${channel}`);
    // Copies both ways, as IPC does: the renderer never shares objects with main.
    return structuredClone(await handler(structuredClone(input)));
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (p: EventPayloads[E]) => void)(payload);
  }

  listenerCount(event: EventName): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/** Installs a fresh fake as `window.torpedo` and returns it. */
export function installFakeBridge(): FakeBridge {
  const bridge = new FakeBridge();
  window.torpedo = bridge;
  return bridge;
}
