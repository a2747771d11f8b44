/**
 * Destination numbers with a fixed fate, so that a test or the demo can show
 * a failed message on purpose. Every other number is delivered, except a few
 * percent chosen deterministically from the seed.
 */
export const MAGIC_PHONES = {
  /** Always fails with code `invalid_number`. */
  invalidNumber: '+5511900000001',
  /** Always fails with code `undelivered`. */
  undelivered: '+5511900000002',
  /** Always delivered. */
  delivered: '+5511900000003',
} as const;

export type PhoneFate = { outcome: 'delivered'; code: null } | { outcome: 'failed'; code: string };

export function magicPhoneFate(phone: string): PhoneFate | undefined {
  switch (phone) {
    case MAGIC_PHONES.invalidNumber:
      return { outcome: 'failed', code: 'invalid_number' };
    case MAGIC_PHONES.undelivered:
      return { outcome: 'failed', code: 'undelivered' };
    case MAGIC_PHONES.delivered:
      return { outcome: 'delivered', code: null };
    default:
      return undefined;
  }
}
