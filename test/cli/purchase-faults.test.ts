/**
 * `credits buy` as a user runs it (a real process) against a sandbox whose
 * purchase fails in each way the service can fail it. Every time the command
 * ends with what happened to the money, in JSON, with exit 0 or 1: never a
 * silent exit 13 while an invoice check was still waiting on a timer. The
 * invoice check's waits are shortened through TORPEDO_PURCHASE_TIMINGS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type FaultRule, type Sandbox } from '../../src/sandbox/index';
import { torpedo as spawnTorpedo } from '../support/processes';
import { tempFolders, torpedo } from '../support/cli-process';

const dataDir = tempFolders('torpedo-cli-buy-');
const TIMINGS = { TORPEDO_PURCHASE_TIMINGS: JSON.stringify({ readAtMs: [400, 1_500] }), LANG: 'C' };
const BUY = 'POST /v1/billing/purchase';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 8 });
});
afterAll(async () => {
  await sandbox.close();
});

let n = 0;
async function buyWith(fault: FaultRule | null, env: Record<string, string> = TIMINGS) {
  const key = `test_cli_buy_${++n}_${Date.now()}`;
  await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: fault ? [fault] : [] }),
  });
  const args = ['credits', 'buy', '--quantity', '1000', '--key', key, '--base-url', sandbox.url];
  const run = await torpedo([...args, '--data-dir', dataDir(), '--json'], env);
  return { run, key, out: JSON.parse(run.stdout) as Record<string, unknown> };
}

describe('credits buy with each purchase fault, as a real process', () => {
  it('dropped before the service committed: says what it waits for, then not-charged, exit 1', async () => {
    const { run, key, out } = await buyWith({ route: BUY, fault: 'drop-before-commit' });
    expect(run.code, run.stderr).toBe(1);
    expect(out).toMatchObject({ outcome: 'not-charged' });
    expect(run.stderr).toMatch(/Checking whether the card was charged… \(up to \d+ s\)/);
    expect(sandbox.ledger(key).charges).toEqual([]);
  });

  it('dropped after the service committed: charged-after-timeout with its invoice, exit 0', async () => {
    const { run, key, out } = await buyWith({ route: BUY, fault: 'drop-after-commit' });
    expect(run.code, run.stderr).toBe(0);
    const charges = sandbox.ledger(key).charges;
    expect(charges).toHaveLength(1);
    expect(out).toMatchObject({ outcome: 'charged-after-timeout', invoiceUuid: charges[0]!.invoiceUuid });
  });

  it('no answer for a while after the commit: charged-after-timeout, charged once, exit 0', async () => {
    const { run, key, out } = await buyWith({ route: BUY, fault: 'timeout-after-commit', delayMs: 1_500 });
    expect(run.code, run.stderr).toBe(0);
    expect(out).toMatchObject({ outcome: 'charged-after-timeout' });
    expect(sandbox.ledger(key).charges).toHaveLength(1);
  });

  it('503 payment_unavailable: failed, nothing charged, exit 1', async () => {
    const { run, key, out } = await buyWith({ route: BUY, fault: 'status', status: 503 });
    expect(run.code).toBe(1);
    expect(out).toMatchObject({ outcome: 'failed', code: 'payment_unavailable' });
    expect(sandbox.ledger(key).charges).toEqual([]);
  });

  it('429 rate_limited: failed with the wait, exit 1', async () => {
    const { run, out } = await buyWith({ route: BUY, fault: 'status', status: 429 });
    expect(run.code).toBe(1);
    expect(out).toMatchObject({ outcome: 'failed', code: 'rate_limited', retryAfterSeconds: 1 });
  });

  it('500 or 502 (a proxy may hide a processed request): checked, then not-charged, exit 1', async () => {
    for (const status of [500, 502]) {
      const { run, key, out } = await buyWith({ route: BUY, fault: 'status', status });
      expect(run.code, `${status}: ${run.stderr}`).toBe(1);
      expect(out).toMatchObject({ outcome: 'not-charged' });
      expect(sandbox.ledger(key).charges).toEqual([]);
    }
  });

  it('in Portuguese where the terminal is: "Verificando se o cartão foi cobrado…"', async () => {
    const { run } = await buyWith(
      { route: BUY, fault: 'drop-before-commit' },
      { ...TIMINGS, LANG: 'pt_BR.UTF-8' },
    );
    expect(run.stderr).toMatch(/Verificando se o cartão foi cobrado… \(até \d+ s\)/);
  });

  it('a buy killed while checking leaves the attempt unsettled; the next buy settles it and says so', async () => {
    const key = `test_cli_buy_killed_${Date.now()}`;
    const dir = dataDir();
    const args = [
      'credits',
      'buy',
      '--quantity',
      '1000',
      '--key',
      key,
      '--base-url',
      sandbox.url,
      '--data-dir',
      dir,
    ];
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The whole check finds nothing for 60 s: long enough to kill the first buy in the middle of it.
      body: JSON.stringify({ rules: [{ route: BUY, fault: 'drop-before-commit' }] }),
    });
    const first = spawnTorpedo([...args, '--json'], { LANG: 'C' });
    await first.waitFor(/Checking whether the card was charged/);
    first.child.kill('SIGKILL');
    await first.done;

    await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
    const second = await torpedo([...args, '--json'], TIMINGS);
    expect(second.code, second.stderr).toBe(0);
    const out = JSON.parse(second.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      outcome: 'succeeded',
      earlierAttempts: [expect.objectContaining({ outcome: 'not-charged' })],
    });
    expect(second.stderr).toContain(
      'An earlier purchase that had lost its answer was checked: nothing was charged.',
    );
    // It said what it waited for before it bought: the earlier purchase being settled.
    expect(second.stderr).toMatch(
      /Waiting: a purchase started at \d{2}:\d{2} \(in the app or another terminal\)/,
    );
    expect(sandbox.ledger(key).charges).toHaveLength(1);
  });
});
