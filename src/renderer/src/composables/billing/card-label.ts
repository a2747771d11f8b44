import type { CardView } from '@shared/dto';

/** Brand names as printed on cards; the service sends them in lower case (`visa`, `mastercard`). */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  master: 'Mastercard',
  amex: 'American Express',
  americanexpress: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  aura: 'Aura',
};

export function brandName(brand: string): string {
  const key = brand.toLowerCase().replace(/[^a-z]/g, '');
  return BRANDS[key] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : '');
}

/** `Visa •••• 4242`: how a saved card is named everywhere (the same as on invoices). */
export const cardLabel = (card: Pick<CardView, 'brand' | 'last4'>): string =>
  `${brandName(card.brand)} •••• ${card.last4}`;
