/** Data shapes that cross IPC (outputs of the contract's channels and events). */

/** demo: the built-in sandbox; test: a `test_` key on a real service; live: real sends. */
export type ServiceMode = 'demo' | 'test' | 'live';

export interface KeychainStatus {
  available: boolean;
  /** Why not, in plain words, when unavailable. */
  reason?: string;
}

export interface SessionInfo {
  signedIn: boolean;
  mode: ServiceMode | null;
  /** The service address in use (the sandbox's local address in demo mode). */
  baseUrl: string | null;
  /** Where the account key is kept: the OS keychain, or memory for this session only. */
  keyStorage: 'keychain' | 'memory' | null;
  keychain: KeychainStatus;
}

export interface AppInfo {
  version: string;
  /** The operating system's locale, e.g. `pt-BR`, for the default language. */
  osLocale: string;
  platform: string;
  /** Guesses about the service's wire format, shown in diagnostics. */
  assumedWireFacts: readonly string[];
}

export interface BalanceView {
  balance: number;
  currency: 'BRL';
  companyName: string;
  /** When the figure was read from the service (ISO 8601). */
  fetchedAt: string;
  /** True when the service could not be reached and this is the last known figure. */
  stale: boolean;
}

export interface WebhookView {
  url: string | null;
  hasSecret: boolean;
  /** e.g. `whsec_••••••••3f9a`: enough to recognise it, not enough to use it. */
  maskedSecret: string | null;
  fetchedAt: string;
  stale: boolean;
}

export type ConnectivityState = 'online' | 'offline' | 'unreachable' | 'unknown';

export interface ConnectivityView {
  state: ConnectivityState;
  checkedAt: string | null;
}

export type LanguageSetting = 'system' | 'pt-BR' | 'en';
export type ThemeSetting = 'system' | 'light' | 'dark';

export interface SettingsView {
  language: LanguageSetting;
  theme: ThemeSetting;
}
