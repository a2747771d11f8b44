/**
 * The keys each answer of the service cannot do without: the ones marked
 * STRICT in wire-schemas.ts, each beside the decision a default would get
 * wrong. Every other key of a documented answer may be missing or null and
 * reads as the SDKs read it. The sandbox's `minimal` answer shape keeps only
 * these (sandbox/http/minimal-answers.ts), and the generated conformance test
 * removes every other key in turn (test/core/api/sdk-minimal-shapes.test.ts).
 */
export const STRICT_KEYS = {
  tokenResponse: ['token'],
  sendResult: ['id'],
  sendListItem: ['id'],
  sendDetail: ['id'],
  sendSummary: [],
  sendNumberDetail: [],
  sendNumberItem: [],
  smsTypeItem: ['id', 'price'],
  balance: ['balance'],
  autoRechargeConfig: [],
  webhookConfig: [],
  plan: ['id', 'total'],
  card: ['id'],
  invoiceItem: ['uuid', 'total'],
  purchaseResult: [],
  paginationMeta: [],
  contactListItem: ['id', 'phone'],
  contactDetail: [],
  listResult: ['id'],
} as const satisfies Record<string, readonly string[]>;

export type AnswerName = keyof typeof STRICT_KEYS;

/** `value` with only the strict keys of `name` (a minimal answer); anything not an object as it is. */
export function strictPart(name: AnswerName, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const key of STRICT_KEYS[name] as readonly string[]) {
    if (key in value) kept[key] = (value as Record<string, unknown>)[key];
  }
  return kept;
}
