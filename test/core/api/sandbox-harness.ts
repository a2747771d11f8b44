/**
 * A fresh sandbox per test (closed when the test ends) with its admin routes:
 * fault injection, the ledger of accepted messages and charges, and the
 * simulated clock. Every key is its own account, so tests never share state.
 */
import { randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { startSandbox } from '../../../src/sandbox/index';
import { sandboxAdmin } from '../../support/sandbox-admin';

export const newKey = (label: string): string => `test_${label}_${randomUUID().replaceAll('-', '')}`;

export async function useSandbox() {
  const sb = await startSandbox({ port: 0, seed: 1 });
  onTestFinished(() => sb.close());
  return { url: sb.url, ...sandboxAdmin(sb.url) };
}
