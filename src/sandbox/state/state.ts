/**
 * Everything the sandbox knows: the accounts (one per `test_` key, created and
 * seeded on first use), the bearer tokens, and the short-link codes, which are
 * global because `GET /s/<code>` carries no token.
 */
import { randomBytes } from 'node:crypto';
import { TEST_KEY_PREFIX, TOKEN_LIFETIME_MS } from '../../core/api/wire';
import { Account } from './account';
import type { AccountSnapshot } from './model';
import { seedAccount } from './seed';

export interface TokenRecord {
  key: string;
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

export type AuthResult =
  { ok: true; account: Account } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export interface StateSnapshot {
  accounts: AccountSnapshot[];
  tokens: [string, TokenRecord][];
}

export class SandboxState {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly shortCodes = new Map<string, { key: string; linkId: string }>();

  constructor(readonly seed: number) {}

  static isTestKey(key: string | undefined): key is string {
    return typeof key === 'string' && key.startsWith(TEST_KEY_PREFIX);
  }

  find(key: string): Account | undefined {
    return this.accounts.get(key);
  }

  /** The account of a `test_` key, created and seeded on first use. */
  accountFor(key: string, now: number): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = new Account(seedAccount(this.seed, key, now));
      this.accounts.set(key, account);
    }
    return account;
  }

  allAccounts(): IterableIterator<Account> {
    return this.accounts.values();
  }

  issueToken(key: string, now: number): string {
    const token = 'sbx_' + randomBytes(24).toString('hex');
    this.tokens.set(token, { key, issuedAt: now, expiresAt: now + TOKEN_LIFETIME_MS, revoked: false });
    return token;
  }

  authenticate(token: string, now: number): AuthResult {
    const record = this.tokens.get(token);
    const account = record && this.accounts.get(record.key);
    if (!record || !account) return { ok: false, reason: 'unknown' };
    if (record.revoked) return { ok: false, reason: 'revoked' };
    if (now >= record.expiresAt) return { ok: false, reason: 'expired' };
    return { ok: true, account };
  }

  revokeToken(token: string): void {
    const record = this.tokens.get(token);
    if (record) record.revoked = true;
  }

  registerShortCode(code: string, key: string, linkId: string): void {
    this.shortCodes.set(code, { key, linkId });
  }

  hasShortCode(code: string): boolean {
    return this.shortCodes.has(code);
  }

  resolveShortCode(code: string): { account: Account; linkId: string } | undefined {
    const entry = this.shortCodes.get(code);
    const account = entry && this.accounts.get(entry.key);
    return entry && account ? { account, linkId: entry.linkId } : undefined;
  }

  toSnapshot(): StateSnapshot {
    return {
      accounts: [...this.accounts.values()].map((a) => a.toSnapshot()),
      tokens: [...this.tokens.entries()],
    };
  }

  load(snapshot: StateSnapshot): void {
    for (const s of snapshot.accounts) {
      const account = new Account(s);
      this.accounts.set(account.key, account);
      for (const link of account.shortLinks.values()) this.registerShortCode(link.code, account.key, link.id);
    }
    for (const [token, record] of snapshot.tokens) this.tokens.set(token, record);
  }
}
