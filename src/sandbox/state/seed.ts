/**
 * What a new account starts with. Deterministic given the sandbox seed and the
 * account key: ids and the webhook secret are derived from both.
 */
import { WEBHOOK_SECRET_PREFIX } from '../../core/api/wire';
import type { AccountSnapshot, PlanRecord, SmsTypeRecord } from './model';
import { seededHex, seededUuid } from '../simulation/rng';

export const SEED_BALANCE_CENTS = 5_000;
export const COMPANY_NAME = 'Loja Demonstração';
export const DEFAULT_SMS_TYPE_ID = 1;

export const SMS_TYPES: readonly SmsTypeRecord[] = [
  { id: 1, name: 'Padrão', priceCents: 9, saleCents: null },
  { id: 2, name: 'Premium', priceCents: 12, saleCents: 10 },
  { id: 3, name: 'Flash', priceCents: 15, saleCents: null },
];

/**
 * Price per credit by package size (the largest tier not above the quantity
 * applies); `saleCents` a promotional price per credit. On the wire a plan's
 * `price` and `sale` are these times the quantity: package amounts, as the
 * SDKs' vectors give them (routes/billing.ts).
 */
const PLAN_TIERS: readonly Omit<PlanRecord, 'id'>[] = [
  { quantity: 1_000, priceCents: 9, saleCents: null, popular: false },
  { quantity: 5_000, priceCents: 8, saleCents: null, popular: false },
  { quantity: 10_000, priceCents: 7, saleCents: null, popular: true },
  { quantity: 50_000, priceCents: 6, saleCents: 5, popular: false },
];

export const unitCents = (plan: Pick<PlanRecord, 'priceCents' | 'saleCents'>): number =>
  plan.saleCents ?? plan.priceCents;

/** The tier whose prices a purchase of `quantity` credits that names no package takes. */
export function tierForQuantity(quantity: number): Omit<PlanRecord, 'id'> {
  let found = PLAN_TIERS[0]!;
  for (const tier of PLAN_TIERS) if (quantity >= tier.quantity) found = tier;
  return found;
}

/**
 * What `quantity` credits of a tier add to the balance: their REGULAR price
 * (ASSUMED, core/api/wire.ts), so a sale adds more than it charges. Without
 * a sale, exactly what was charged.
 */
export const creditCentsFor = (quantity: number, tier: Pick<PlanRecord, 'priceCents'>): number =>
  quantity * tier.priceCents;

export function seedAccount(seed: number, key: string, now: number): AccountSnapshot {
  return {
    key,
    createdAt: now,
    balanceCents: SEED_BALANCE_CENTS,
    company: { name: COMPANY_NAME, document: null },
    smsTypes: SMS_TYPES.map((t) => ({ ...t })),
    plans: PLAN_TIERS.map((tier) => ({ ...tier, id: seededUuid(seed, 'plan', tier.quantity) })),
    cards: [
      {
        id: seededUuid(seed, key, 'card', 1),
        number: '4242',
        name: 'Maria Demonstração',
        alias: 'Cartão da loja',
        validate: '12/30',
        flag: 'visa',
        default: true,
      },
      {
        id: seededUuid(seed, key, 'card', 2),
        number: '5454',
        name: 'Maria Demonstração',
        alias: null,
        validate: '08/29',
        flag: 'mastercard',
        default: false,
      },
    ],
    webhook: { url: null, secret: WEBHOOK_SECRET_PREFIX + seededHex(32, seed, key, 'webhook-secret') },
    autoRecharge: {
      enabled: false,
      thresholdCents: 1_000,
      planQuantity: 1_000,
      cardId: null,
      alertEnabled: false,
      alertThresholdCents: 2_000,
    },
    sends: [],
    invoices: [],
    contacts: [],
    lists: [],
    shortLinks: [],
    counters: { send: 0, invoice: 0 },
  };
}
