/** What the session channels answer: who is signed in, how, and where the key lives. */

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
