import type { NumberOutcome } from '../../shared/dto/history';

/**
 * A message's status word, grouped as the service's numbers filter groups
 * them (`delivered`, `failed`, `in_progress`), for DISPLAY and filtering
 * only: how many of a send were delivered, failed or are still on their way
 * is the service's summary (and its status filter), never a count of words
 * (send-history.ts). The SDKs' vectors give a delivered number as `entregue`
 * beside `summary.delivered: 1` (Python and PHP); the Node example names
 * `entregue/falhou/…`; the sandbox writes `delivered`, `failed` and, on the
 * way, `queued`/`scheduled`/`sent`. The other failure words are ASSUMED
 * spellings a provider may use, kept here so one edit corrects them.
 *
 * A word not known here is "in progress", never "failed": the service's own
 * count or filter is what says it failed.
 */
const DELIVERED = new Set(['delivered', 'entregue', 'entregues']);
const FAILED = new Set([
  'failed',
  'undelivered',
  'rejected',
  'expired',
  'error',
  'invalid_number',
  'canceled',
  'cancelled',
  'falhou',
  'falha',
  'falhada',
  'erro',
  'nao_entregue',
  'rejeitada',
  'rejeitado',
  'expirada',
  'expirado',
  'cancelada',
  'cancelado',
]);

/** `Não entregue` and `nao-entregue` read as `nao_entregue`. */
const wordOf = (status: string): string =>
  status
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s-]+/g, '_');

export function outcomeOfWord(status: string): NumberOutcome {
  const word = wordOf(status);
  if (DELIVERED.has(word)) return 'delivered';
  if (FAILED.has(word)) return 'failed';
  return 'in_progress';
}
