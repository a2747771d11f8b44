/**
 * Polls until `check` passes (returns without throwing), for work that runs in
 * the background (a worker, a payment watch, a start-up reconciliation); its
 * last failure is thrown once `timeoutMs` is up.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
