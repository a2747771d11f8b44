/**
 * A purchase answered with figures that are not the order's ("999999
 * credits for R$ 0,01" for an order of 1000; issue 27, point 8): the charge
 * is recorded as the service gave it, never repeated, and never believed
 * silently: the outcome says it does not match the order and where the
 * truth is (the invoice, the balance). Against a stand-in service.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { KEY, PURCHASE, purchasesSent, standIn } from '../core/api/stand-in-service';
import { tempFolders } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-answer-');

async function buy(url: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    [
      'credits',
      'buy',
      '--quantity',
      '1000',
      '--key',
      KEY,
      '--base-url',
      url,
      '--data-dir',
      folder(),
      '--json',
    ],
    { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  );
  return { code, out: JSON.parse(stdout) as Record<string, unknown>, stderr };
}

describe('a purchase answered with other figures than the order', () => {
  it('is charged as answered, once, and said not to match the order', async () => {
    const stub = await standIn('POST /v1/billing/purchase', {
      status: 200,
      body: { ...PURCHASE, quantity: 999_999, total: 0.01 },
    });
    const run = await buy(stub.url);
    expect(run.code, run.stderr).toBe(0);
    expect(run.out).toMatchObject({ outcome: 'succeeded', quantity: 999_999, total: 0.01 });
    expect(run.out.message).toContain(
      "The service's answer does not match your order (1000 credits for about R$ 90.00): check this invoice",
    );
    expect(purchasesSent(stub)).toBe(1);
  });

  it('an answer that matches says nothing more', async () => {
    const run = await buy((await standIn('POST /v1/billing/purchase', { status: 200, body: PURCHASE })).url);
    expect(run.code, run.stderr).toBe(0);
    expect(run.out.message).not.toContain('does not match');
  });
});
