/** The account's views: balance (in R$ and in SMS), webhook and auto-recharge settings. */

export interface BalanceView {
  /** In R$: every amount the service gives is in BRL (facts, Basics), whatever `currency` says. */
  balance: number;
  /** As the service wrote it (`"BRL"`); the SDKs accept any string, and so do we. */
  currency: string;
  companyName: string;
  /** When the figure was read from the service (ISO 8601). */
  fetchedAt: string;
  /** True when the service could not be reached and this is the last known figure. */
  stale: boolean;
  /** How many SMS the balance pays for; null while the SMS types are unknown. */
  smsWorth: SmsWorthView | null;
}

/** A balance counted in one-part SMS of the service's default type (`R$ 49,46` ≈ 549 SMS Padrão). */
export interface SmsWorthView {
  typeName: string;
  unitPrice: number;
  count: number;
}

export interface WebhookView {
  url: string | null;
  hasSecret: boolean;
  /** e.g. `whsec_••••••••3f9a`: enough to recognise it, not enough to use it. */
  maskedSecret: string | null;
  fetchedAt: string;
  stale: boolean;
}

/** Money in BRL. */
export interface AutoRechargeView {
  enabled: boolean;
  threshold: number;
  planQuantity: number;
  cardId: string | null;
  alertEnabled: boolean;
  alertThreshold: number;
  fetchedAt: string;
  stale: boolean;
}

/**
 * Why a test event was not delivered: the address's name does not exist,
 * nothing answers there, it took too long, its certificate was refused,
 * another network failure, it answered with an error status, no address or
 * secret to send with, or (the demo) it is not on this computer.
 */
export type WebhookTestFailure =
  | 'not_found'
  | 'refused'
  | 'timeout'
  | 'tls'
  | 'unreachable'
  | 'rejected'
  | 'no_url'
  | 'no_secret'
  | 'demo_local_only';

export interface WebhookTestResult {
  delivered: boolean;
  /** The receiver's HTTP status, or null when none arrived. */
  status: number | null;
  latencyMs: number;
  /** True when Torpedo signed and sent the sample itself (test and live accounts), not the service. */
  simulated: boolean;
  /** Set when not delivered. */
  failure?: WebhookTestFailure;
  /** The technical detail (English), for a developer. */
  error?: string;
}
