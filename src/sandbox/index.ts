/**
 * The sandbox's public surface: start one, and the fixed values (magic cards,
 * magic phones, timings, limits) that tests and the demo may rely on.
 */
export { startSandbox, DEFAULT_SEED, type Sandbox, type SandboxOptions } from './server';
export { demoService, DEMO_ACCOUNT_KEY, type RunningDemo } from './demo';
export type { Ledger, LedgerCharge, LedgerMessage, LedgerSend } from './state/ledger';
export { MAGIC_CARDS, PROCESSING_SETTLE_MS, type MagicCardBehaviour } from './simulation/magic-cards';
export { MAGIC_PHONES } from './simulation/magic-phones';
export { FAILURE_PER_MILLE, TIMINGS } from './simulation/progression';
export { PURCHASE_LIMIT } from './http/rate-limit';
export { COUPONS } from './routes/billing';
export { SEED_BALANCE_CENTS, SMS_TYPES } from './state/seed';
export { FAULT_KINDS, type FaultKind, type FaultRule } from './http/faults';
