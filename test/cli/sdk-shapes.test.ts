/**
 * The answer shapes the official SDKs accept, through the real `torpedo`
 * process as a user runs it (sign-in with --key, balance, invoices, credits
 * buy), against a stand-in service answering exactly that body. Whatever the
 * answer, the CLI exits 0, 1 or 2 and, with --json, prints JSON on stdout.
 * (The same shapes through the client and the core: test/core/api/sdk-shapes.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import {
  KEY,
  INVOICE,
  PURCHASE,
  page,
  purchasesSent,
  standIn,
  type Answer,
} from '../core/api/stand-in-service';
import { tempFolders, torpedo, type CliRun } from '../support/cli-process';

const dataDir = tempFolders('torpedo-cli-shapes-');

async function run(route: string, answer: Answer, command: string[]) {
  const stub = await standIn(route, answer);
  const result = await torpedo([
    ...command,
    '--key',
    KEY,
    '--base-url',
    stub.url,
    '--data-dir',
    dataDir(),
    '--json',
  ]);
  return { stub, result };
}

/** Exit 0, 1 or 2 and JSON on stdout, whatever happened: the promise of --json. */
function jsonOf(result: CliRun): Record<string, unknown> {
  expect([0, 1, 2], `exit ${result.code}; stderr: ${result.stderr}`).toContain(result.code);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('torpedo with the SDKs’ answer shapes, as a real process', () => {
  it('signs in with a token answer without mode and prints the balance', async () => {
    const { result } = await run(
      'GET /v1/auth/token',
      { status: 200, body: { token: 'tok_without_mode_123' } },
      ['balance'],
    );
    expect(result.code, result.stderr).toBe(0);
    expect(jsonOf(result)).toMatchObject({ balance: 12.5, stale: false });
  });

  it('lists an invoice whose displayId is an integer', async () => {
    const { result } = await run('GET /v1/billing/invoices', { status: 200, body: page([INVOICE]) }, [
      'credits',
      'invoices',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const out = jsonOf(result) as { invoices: { displayId: string }[] };
    expect(out.invoices.map((i) => i.displayId)).toEqual(['1006']);
  });

  it('a purchase answered 200 with another status: processing, exit 0, sent once', async () => {
    const { stub, result } = await run(
      'POST /v1/billing/purchase',
      { status: 200, body: { ...PURCHASE, status: 'requires_capture' } },
      ['credits', 'buy', '--quantity', '1000'],
    );
    expect(result.code, result.stderr).toBe(0);
    expect(jsonOf(result)).toMatchObject({ outcome: 'processing', invoiceUuid: INVOICE.uuid, total: 90 });
    expect(purchasesSent(stub)).toBe(1);
  });

  it('a purchase refused 402 {message} without code: failed as insufficient_balance, exit 1', async () => {
    const { stub, result } = await run(
      'POST /v1/billing/purchase',
      { status: 402, body: { message: 'Saldo insuficiente' } },
      ['credits', 'buy', '--quantity', '1000'],
    );
    expect(result.code).toBe(1);
    expect(jsonOf(result)).toMatchObject({ outcome: 'failed', code: 'insufficient_balance' });
    expect(purchasesSent(stub)).toBe(1);
  });

  it('a balance refused with a numeric code keeps the code as text and the service words', async () => {
    const { result } = await run(
      'GET /v1/account/balance',
      { status: 402, body: { code: 1006, message: 'Saldo insuficiente' } },
      ['balance'],
    );
    expect(result.code).toBe(1);
    expect(jsonOf(result)).toMatchObject({
      error: {
        code: 'service_refused',
        serviceCode: '1006',
        message: expect.stringContaining('Saldo insuficiente'),
      },
    });
  });

  it('a sign-in answered with no token at all: invalid_response as JSON, exit 1', async () => {
    const { result } = await run('GET /v1/auth/token', { status: 200, body: { mode: 'live' } }, ['balance']);
    expect(result.code).toBe(1);
    expect(jsonOf(result)).toMatchObject({ error: { code: 'invalid_response' } });
  });

  it('an answer that is not JSON at all, on each command: exit 0, 1 or 2 and JSON on stdout', async () => {
    // 503 rather than 502: a purchase's 502 may hide a charge, and its invoice check takes a minute.
    const text: Answer = { status: 503, text: '<html><body>Service unavailable</body></html>' };
    for (const [route, command] of [
      ['GET /v1/auth/token', ['balance']],
      ['GET /v1/billing/invoices', ['credits', 'invoices']],
      ['POST /v1/billing/purchase', ['credits', 'buy', '--plan', 'plan-1']],
    ] as const) {
      const { result } = await run(route, text, [...command]);
      expect(jsonOf(result), `${command.join(' ')}: ${result.stdout}`).toBeTypeOf('object');
      expect(result.stdout).not.toContain('<html>');
    }
  });

  it('a command line that cannot be run prints its error as JSON too, exit 2', async () => {
    const result = await torpedo(['credits', 'buy', '--quantity', 'lots', '--json']);
    expect(result.code).toBe(2);
    expect(jsonOf(result)).toMatchObject({
      error: { code: 'usage', message: expect.stringContaining('--quantity') },
    });
  });
});
