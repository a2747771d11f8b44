/**
 * The `torpedo` command as a user runs it: a separate process (npx tsx), the
 * real core on a temporary data folder, against a sandbox started here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { torpedo } from '../support/cli-process';

const KEY = 'test_cli_x';

let sandbox: Sandbox;
let dataDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5 });
  dataDir = mkdtempSync(join(tmpdir(), 'torpedo-cli-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const connection = () => ['--base-url', sandbox.url, '--key', KEY, '--data-dir', dataDir];

describe('torpedo CLI', () => {
  it('credits buy --quantity 1000 --json: succeeded, exit 0, charged once, key never printed', async () => {
    const run = await torpedo(['credits', 'buy', '--quantity', '1000', ...connection(), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    const charges = sandbox.ledger(KEY).charges;
    expect(charges).toHaveLength(1);
    expect(out).toEqual({
      outcome: 'succeeded',
      invoiceUuid: charges[0]!.invoiceUuid,
      total: 90,
      quantity: 1000,
      message: expect.stringContaining('Bought 1000 credits'),
    });
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('balance --json and credits invoices --json read the same account and data folder', async () => {
    const balance = await torpedo(['balance', ...connection(), '--json']);
    expect(balance.code, balance.stderr).toBe(0);
    expect(JSON.parse(balance.stdout)).toMatchObject({ balance: 140, currency: 'BRL', stale: false });

    // Key and address from the environment this time.
    const invoices = await torpedo(['credits', 'invoices', '--data-dir', dataDir, '--json'], {
      TORPEDO_KEY: KEY,
      TORPEDO_BASE_URL: sandbox.url,
    });
    expect(invoices.code, invoices.stderr).toBe(0);
    const page = JSON.parse(invoices.stdout);
    expect(page).toMatchObject({ total: 1, stale: false });
    expect(page.invoices[0]).toMatchObject({ total: 90, status: { code: 'paid' } });
  });

  it('a refused purchase: exit 1 with the service code', async () => {
    const run = await torpedo([
      'credits',
      'buy',
      '--quantity',
      '1000',
      '--card',
      '0000dec1-0000-4000-8000-000000000402',
      ...connection(),
      '--json',
    ]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'failed', code: 'card_declined' });
  });

  it('bad arguments: exit 2 with the usage, nothing bought', async () => {
    const before = sandbox.ledger(KEY).charges.length;
    for (const args of [
      ['credits', 'buy', ...connection()],
      ['credits', 'buy', '--quantity', '1000', '--plan', 'p', ...connection()],
      ['credits', 'buy', '--quantity', '100', ...connection(), '--json'],
    ]) {
      const run = await torpedo(args);
      expect(run.code, args.join(' ')).toBe(2);
    }
    const wrong = await torpedo(['credits', 'buy', '--quantity', 'lots', '--key', 'test_secret_value_1']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/Usage: torpedo/);
    expect(wrong.stdout + wrong.stderr).not.toContain('test_secret_value_1');
    expect(sandbox.ledger(KEY).charges).toHaveLength(before);
  });
});
