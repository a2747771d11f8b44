import util from 'node:util';
import { expect } from 'vitest';

/** Every way an error tends to get written down: none may contain a secret. */
export function expectNoSecrets(err: unknown, secrets: readonly string[]): void {
  expect(err).toBeInstanceOf(Error);
  const e = err as Error & Record<string, unknown>;
  const renderings = [
    JSON.stringify(e),
    String(e),
    e.stack ?? '',
    util.inspect(e, { depth: 10, showHidden: true }),
    e.message,
  ];
  for (const text of renderings) for (const secret of secrets) expect(text).not.toContain(secret);
  // And nothing that could hold them later: no got options, request, response or cause.
  for (const prop of ['options', 'request', 'response', 'cause', 'headers', 'timings']) {
    expect(Object.prototype.hasOwnProperty.call(e, prop), `error has .${prop}`).toBe(false);
  }
}
