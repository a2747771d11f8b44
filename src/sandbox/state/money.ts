/**
 * Money is kept in integer centavos inside the sandbox and shown on the wire
 * as BRL numbers with two decimals, so that sums never drift.
 */
export const toReais = (cents: number): number => Math.round(cents) / 100;

export const toCents = (reais: number): number => Math.round(reais * 100);

export const formatReais = (cents: number): string => `R$ ${(cents / 100).toFixed(2)}`;
