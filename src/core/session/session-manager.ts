import type { KeychainStatus, ServiceMode, SessionInfo } from '../../shared/dto';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { createSmsGoClient, type SmsGoClient } from '../api/smsgo-client';
import { DEFAULT_BASE_URL } from '../api/wire';
import { AppFailure } from '../app-failure';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { SettingsRepo } from '../db/settings-repo';
import type { EventHub } from '../kernel/event-hub';
import type { DemoService, RunningDemo } from '../kernel/host';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { accountKeyEntry, tokenEntry, type SecretStore } from '../secrets/secret-store';
import { forgetSavedSession, loadSavedSession, saveSession } from './session-store';

/** The one real-account profile; a second account would get its own name. */
export const ACCOUNT_PROFILE = 'default';
export const DEMO_PROFILE = 'demo';

interface ActiveSession {
  profile: string;
  mode: ServiceMode;
  baseUrl: string;
  keyStorage: 'keychain' | 'memory';
  client: SmsGoClient;
  demo?: RunningDemo;
}

export interface SessionManagerDeps {
  dataDir: string;
  settings: SettingsRepo;
  /** The demo the host offers, if any. */
  demo: DemoService | null;
  /** The OS keychain, or null when none is available (then `keychainStatus` says why). */
  keychain: SecretStore | null;
  keychainStatus: KeychainStatus;
  events: EventHub;
  connectivity: ConnectivityMonitor;
  now: () => Date;
  /** Extra local data to remove on "sign out and delete local data". */
  wipeLocalData: (profile: string) => void;
}

/**
 * Owns the signed-in account: the service client, where its key lives, and
 * the demo sandbox. The account key and the token stay here and in the
 * keychain: nothing this class returns or throws contains them.
 */
export class SessionManager {
  private active: ActiveSession | null = null;

  constructor(private readonly deps: SessionManagerDeps) {}

  info(): SessionInfo {
    const a = this.active;
    return {
      signedIn: a !== null,
      mode: a?.mode ?? null,
      baseUrl: a?.baseUrl ?? null,
      keyStorage: a?.keyStorage ?? null,
      keychain: this.deps.keychainStatus,
    };
  }

  get profile(): string | null {
    return this.active?.profile ?? null;
  }

  /** Signs back into the saved account (or the demo) at start-up, without any network call. */
  async restore(demoWhenSignedOut: boolean): Promise<void> {
    const saved = loadSavedSession(this.deps.settings);
    if (saved?.profile === DEMO_PROFILE) return void (await this.startDemo());
    if (saved && this.deps.keychain) {
      const key = await this.deps.keychain.get(accountKeyEntry(saved.profile)).catch(() => null);
      if (key) {
        this.activate({
          profile: saved.profile,
          mode: saved.mode,
          baseUrl: saved.baseUrl ?? DEFAULT_BASE_URL,
          keyStorage: 'keychain',
          client: this.makeClient(saved.profile, saved.baseUrl ?? DEFAULT_BASE_URL, key, this.deps.keychain),
        });
        return;
      }
      // The key vanished from the keychain (removed by the user): start signed out.
      forgetSavedSession(this.deps.settings);
    }
    if (demoWhenSignedOut) await this.startDemo();
  }

  async signIn(input: {
    accountKey: string;
    baseUrl?: string;
    allowMemoryOnly?: boolean;
  }): Promise<SessionInfo> {
    const { keychain, keychainStatus } = this.deps;
    // Ask before the network call: the user decides where the key may live first.
    if (!keychain && !input.allowMemoryOnly) {
      throw new AppFailure(
        APP_ERROR_CODES.keychainUnavailable,
        `The system keychain is not available${keychainStatus.reason ? `: ${keychainStatus.reason}` : ''}. ` +
          'Torpedo can keep the key in memory for this session only; you will sign in again next time.',
        keychainStatus.reason ? { reason: keychainStatus.reason } : undefined,
      );
    }
    const baseUrl = input.baseUrl ?? DEFAULT_BASE_URL;
    const store = keychain ?? createMemorySecretStore();
    const client = this.makeClient(ACCOUNT_PROFILE, baseUrl, input.accountKey, store);
    try {
      await client.exchangeKey();
      this.deps.connectivity.record();
    } catch (error) {
      this.deps.connectivity.record(error);
      throw error;
    }
    await this.stopCurrent();
    await store.set(accountKeyEntry(ACCOUNT_PROFILE), input.accountKey);
    const mode: ServiceMode = client.mode === 'test' ? 'test' : 'live';
    if (keychain) saveSession(this.deps.settings, { profile: ACCOUNT_PROFILE, mode, baseUrl });
    this.activate({
      profile: ACCOUNT_PROFILE,
      mode,
      baseUrl,
      keyStorage: keychain ? 'keychain' : 'memory',
      client,
    });
    return this.info();
  }

  async startDemo(): Promise<SessionInfo> {
    if (this.active?.mode === 'demo') return this.info();
    const demo = this.deps.demo;
    if (!demo)
      throw new AppFailure(APP_ERROR_CODES.demoUnavailable, 'There is no demo in this build of Torpedo.');
    const running = await demo.start(this.deps.dataDir);
    await this.stopCurrent();
    saveSession(this.deps.settings, { profile: DEMO_PROFILE, mode: 'demo', baseUrl: null });
    this.activate({
      profile: DEMO_PROFILE,
      mode: 'demo',
      baseUrl: running.url,
      keyStorage: 'memory',
      client: createSmsGoClient({
        baseUrl: running.url,
        accountKey: demo.accountKey,
        now: () => this.deps.now().getTime(),
      }),
      demo: running,
    });
    return this.info();
  }

  async resetDemo(): Promise<SessionInfo> {
    if (this.active?.mode !== 'demo') {
      throw new AppFailure(APP_ERROR_CODES.notInDemo, 'Reset demo only applies to the demo.');
    }
    await this.stopCurrent();
    await this.deps.demo?.erase(this.deps.dataDir);
    this.deps.wipeLocalData(DEMO_PROFILE);
    return this.startDemo();
  }

  async signOut(deleteLocalData: boolean): Promise<SessionInfo> {
    const a = this.active;
    if (a) {
      // Revoke is a courtesy: offline, the token still expires within 48 h.
      await a.client.revoke().catch(() => undefined);
      if (a.keyStorage === 'keychain' && this.deps.keychain) {
        await this.deps.keychain.delete(accountKeyEntry(a.profile)).catch(() => false);
        await this.deps.keychain.delete(tokenEntry(a.profile)).catch(() => false);
      }
      await this.stopCurrent();
      if (deleteLocalData) {
        if (a.mode === 'demo') await this.deps.demo?.erase(this.deps.dataDir);
        this.deps.wipeLocalData(a.profile);
      }
    }
    forgetSavedSession(this.deps.settings);
    this.deps.connectivity.reset();
    this.deps.events.emit('session:changed', this.info());
    return this.info();
  }

  /** The client of the signed-in account; fails plainly when signed out. */
  client(): SmsGoClient {
    if (!this.active) throw new AppFailure(APP_ERROR_CODES.notSignedIn, 'Sign in first.');
    return this.active.client;
  }

  /** The signed-in account's key and token, for the log to mask wherever they appear. */
  secrets(): string[] {
    return this.active?.client.secrets() ?? [];
  }

  /** The OS keychain, for the other secrets a domain keeps (a server's token); null: there is none. */
  keychain(): SecretStore | null {
    return this.deps.keychain;
  }

  /** The running demo while signed into it (for the demo's "send a test event"). */
  runningDemo(): RunningDemo | undefined {
    return this.active?.demo;
  }

  async close(): Promise<void> {
    await this.stopCurrent();
  }

  private makeClient(profile: string, baseUrl: string, accountKey: string, store: SecretStore): SmsGoClient {
    return createSmsGoClient({
      baseUrl,
      accountKey,
      now: () => this.deps.now().getTime(),
      tokenStore: {
        load: () => store.get(tokenEntry(profile)),
        save: (json) => store.set(tokenEntry(profile), json),
        clear: async () => void (await store.delete(tokenEntry(profile))),
      },
    });
  }

  private activate(session: ActiveSession): void {
    this.active = session;
    this.deps.events.emit('session:changed', this.info());
  }

  private async stopCurrent(): Promise<void> {
    const a = this.active;
    this.active = null;
    if (a?.demo) await a.demo.close();
  }
}
