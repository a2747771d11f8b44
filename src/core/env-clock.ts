/**
 * The core's clock, moved by TORPEDO_CLOCK (`{"aheadMs": N}`) when set: how
 * the CLI's crash proofs run a real `torpedo worker` process at the hour a
 * batch waits for (a batch stays in the outbox until its time, and a test
 * cannot wait until tomorrow 09:00). Unset, it is the machine's clock.
 * Anything else in the variable is refused with an error naming it.
 */
import { z } from 'zod';
import { envOverrides } from './env-overrides';

const schema = z.strictObject({ aheadMs: z.number().int() });

export function envClock(env: NodeJS.ProcessEnv): () => Date {
  const aheadMs = envOverrides(env, 'TORPEDO_CLOCK', schema)?.aheadMs ?? 0;
  return aheadMs === 0 ? () => new Date() : () => new Date(Date.now() + aheadMs);
}
