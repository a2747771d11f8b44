/**
 * Where the account key and the token live. Never SQLite, never logs, never
 * the renderer: only the OS keychain, or main's memory when there is none.
 */
export interface SecretStore {
  /** 'memory' means secrets are lost on quit; the UI should say so. */
  readonly kind: 'keychain' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Resolves false when there was nothing to delete. */
  delete(account: string): Promise<boolean>;
}

/** The keychain "service" under which every Torpedo entry is filed. */
export const SECRET_SERVICE_NAME = 'Torpedo';

// One entry per profile for the key and one for the token, so signing out
// (dropping the token) keeps the key, and profiles never share credentials.
export const accountKeyEntry = (profile: string): string => `${profile}:account-key`;
export const tokenEntry = (profile: string): string => `${profile}:token`;
/** This computer's token at the shop's Torpedo Server (core/server/), per profile. */
export const serverTokenEntry = (profile: string): string => `${profile}:server-token`;
/** The key of the erased people's hashes (core/privacy/suppression), per profile. */
export const suppressionKeyEntry = (profile: string): string => `${profile}:suppression-key`;
