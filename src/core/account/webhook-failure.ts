/**
 * Why a test event did not reach the receiver, as a kind the window words
 * in the owner's language ("this address does not exist"), from the
 * transport's code (`ENOTFOUND`) or the demo sandbox's message
 * (`getaddrinfo ENOTFOUND loja.example`). The raw text stays as the detail.
 */
import type { WebhookTestFailure } from '../../shared/dto';

const KINDS: readonly [RegExp, WebhookTestFailure][] = [
  [/only delivers to addresses on this computer/i, 'demo_local_only'],
  [/ENOTFOUND|EAI_AGAIN|getaddrinfo/i, 'not_found'],
  [/ECONNREFUSED/i, 'refused'],
  [/ETIMEDOUT|ESOCKETTIMEDOUT|timed? ?out|aborted/i, 'timeout'],
  [/CERT|SSL|TLS|self[- ]signed/i, 'tls'],
];

export function webhookFailureOf(detail: string): WebhookTestFailure {
  return KINDS.find(([pattern]) => pattern.test(detail))?.[1] ?? 'unreachable';
}
