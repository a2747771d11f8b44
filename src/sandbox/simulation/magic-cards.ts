/**
 * Card ids that make a purchase fail or wait in a known way. They are not
 * listed by GET /v1/billing/cards, but every account accepts them as
 * `card_id` (purchase and auto-recharge), like the test cards of a payment
 * processor. Fixed values: tests and the demo may hard-code them.
 */
export const MAGIC_CARDS = {
  /** 402 `card_declined`; nothing charged, no invoice. */
  declined: '0000dec1-0000-4000-8000-000000000402',
  /** 402 `authentication_required` (SCA); nothing charged, no invoice. */
  authenticationRequired: '00003d5e-0000-4000-8000-000000000402',
  /** 200 `processing`: invoice pending; paid and credited 30 s (simulated) later. */
  processing: '0000a51c-0000-4000-8000-000000000200',
  /** 503 `payment_unavailable`: the gateway is down; nothing charged. */
  gatewayUnavailable: '00000503-0000-4000-8000-000000000503',
} as const;

export type MagicCardBehaviour = keyof typeof MAGIC_CARDS;

/** Simulated time a `processing` purchase takes to settle. */
export const PROCESSING_SETTLE_MS = 30_000;

const BY_ID = new Map<string, MagicCardBehaviour>(
  Object.entries(MAGIC_CARDS).map(([behaviour, id]) => [id, behaviour as MagicCardBehaviour]),
);

export function magicCardBehaviour(cardId: string): MagicCardBehaviour | undefined {
  return BY_ID.get(cardId.toLowerCase());
}

/** How a magic card shows on an invoice. */
export const MAGIC_CARD_DISPLAY = { flag: 'visa', last4: '0000' } as const;
