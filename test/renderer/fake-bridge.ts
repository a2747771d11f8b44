/**
 * A fake `window.torpedo` for renderer tests (a stand-in: the real preload
 * and core cannot run in happy-dom). It records every call, answers with
 * canned Results, and emits events on demand.
 */
import type { AppError, Result } from '../../src/shared/app-error';
import type {
  BalanceView,
  ConnectivityView,
  SessionInfo,
  SettingsView,
  WebhookView,
} from '../../src/shared/dto';
import type { ChannelName, EventName } from '../../src/shared/ipc-channels';
import type { EventPayloads, InputOf, OutputOf, TorpedoBridge } from '../../src/shared/ipc-contract';

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
};

export const sampleWebhook: WebhookView = {
  url: 'https://padaria.example.com.br/sms/webhook',
  hasSecret: true,
  maskedSecret: 'whsec_••••••••3f9a',
  fetchedAt: new Date().toISOString(),
  stale: false,
};

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (
  code: string,
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
  fail(channel: ChannelName, code: string, details?: AppError['details']): this {
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
