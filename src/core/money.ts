/**
 * The service shows money as BRL numbers; Torpedo keeps and compares it in
 * integer centavos so that 0.1 + 0.2 never decides whether a charge matches.
 */
export const toCents = (reais: number): number => Math.round(reais * 100);
export const toReais = (cents: number): number => Math.round(cents) / 100;
export const formatBrl = (reais: number): string => `R$ ${reais.toFixed(2)}`;
