import type { NumberOutcome } from '../../shared/dto/history';

/**
 * The service's per-message status words, grouped the way its numbers filter
 * groups them (`delivered`, `failed`, `in_progress`). The wire facts name no
 * complete set: `delivered`, `failed`, and `scheduled`/`queued`/`sent` in
 * progress are the sandbox's (and the SDKs'); the other failure words are
 * ASSUMED spellings a provider may use, kept here so one edit corrects them.
 */
const DELIVERED = new Set(['delivered']);
const FAILED = new Set([
  'failed',
  'undelivered',
  'rejected',
  'expired',
  'error',
  'invalid_number',
  'canceled',
  'cancelled',
]);

/**
 * `sendDone`: the service said nothing of this send is in progress any more,
 * so a word we do not know is final too; not delivered, so it counts as
 * failed (the report would otherwise wait for it forever).
 */
export function numberOutcome(status: string, sendDone: boolean): NumberOutcome {
  const word = status.toLowerCase();
  if (DELIVERED.has(word)) return 'delivered';
  if (FAILED.has(word)) return 'failed';
  return sendDone ? 'failed' : 'in_progress';
}
