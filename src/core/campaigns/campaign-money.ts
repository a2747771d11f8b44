/**
 * Campaign cost arithmetic, exact. SMS prices have more than two decimals
 * (R$ 0.0875), so they are kept as integer micro-reais (R$ 0.000001) and
 * multiplied as integers; the total is rounded to centavos once, at the end.
 * Summing rounded per-message costs, or multiplying floats, would drift by
 * centavos over 100,000 messages. Safe: 1.6 million segments at R$ 1.00 is
 * 1.6e12 micro-reais, far below 2^53.
 */
import { toCents, toReais } from '../money';

export const toMicro = (reais: number): number => Math.round(reais * 1_000_000);

/** What `segments` cost at `unitMicro`, in centavos, rounded half up. */
export const costCents = (segments: number, unitMicro: number): number =>
  Math.floor((segments * unitMicro + 5_000) / 10_000);

/** R$ with centavos (for the DTOs). */
export const costReais = (segments: number, unitMicro: number): number =>
  toReais(costCents(segments, unitMicro));

/** R$ still missing to pay `costReais` from `balance`; 0 when covered. */
export const shortfallOf = (cost: number, balance: number): number =>
  toReais(Math.max(0, toCents(cost) - toCents(balance)));
