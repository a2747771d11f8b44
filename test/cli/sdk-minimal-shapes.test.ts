/**
 * GENERATED from the same answers as test/core/api/sdk-minimal-shapes.test.ts,
 * through the real `torpedo` process, for every answer the CLI reads: a
 * stand-in service answers each route in its SDK-minimal shape (only the
 * STRICT keys of wire-strict.ts; no `meta`, no `mode`, no `company`; a
 * purchase's 200 with an empty body), and each command exits 0 showing the
 * defaulted values.
 */
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { strictPart } from '@core/api/wire-strict';
import { SDK_ANSWERS } from '../core/api/sdk-answers';
import { INVOICE, KEY } from '../core/api/stand-in-service';
import { json, startStub, type StubServer } from '../core/api/stub-server';
import { tempFolders, torpedo } from '../support/cli-process';

const dataDir = tempFolders('torpedo-cli-minimal-');

type Answer = { status: number; body?: unknown };

/** Every route the CLI reads, answering its minimal shape; `overrides` by route. */
async function minimalService(overrides: Record<string, Answer> = {}): Promise<StubServer> {
  const minimal: Record<string, Answer> = {};
  for (const a of SDK_ANSWERS) {
    minimal[a.route] ??= {
      status: 200,
      body: a.body(strictPart(a.name, a.sample) as Record<string, unknown>),
    };
  }
  minimal['POST /v1/billing/purchase'] = { status: 200 };
  return startStub((req, res: ServerResponse) => {
    const name = `${req.method} ${req.path.split('?')[0]}`;
    const a = overrides[name] ??
      minimal[name] ?? { status: 404, body: { code: 'not_found', message: 'No.' } };
    json(res, a.status, a.body);
  });
}

async function run(stub: StubServer, command: string[], json = true) {
  const args = [...command, '--key', KEY, '--base-url', stub.url, '--data-dir', dataDir()];
  return torpedo(json ? [...args, '--json'] : args);
}

describe('torpedo with SDK-minimal answers, as a real process (generated from the client table)', () => {
  it('signs in with {token} alone and prints a balance given as {balance} alone, company defaulted', async () => {
    const stub = await minimalService();
    const asJson = await run(stub, ['balance']);
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      balance: 12.5,
      currency: '',
      companyName: '',
      stale: false,
    });
    const asText = await run(stub, ['balance'], false);
    expect(asText.code, asText.stderr).toBe(0);
    expect(asText.stdout.trim()).toBe('Balance: R$ 12.50');
  });

  it('lists invoices given as {data: [{uuid, total}]}: no meta, the rest defaulted', async () => {
    const stub = await minimalService();
    const result = await run(stub, ['credits', 'invoices']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      page: 1,
      lastPage: 1,
      total: 1,
      invoices: [{ uuid: INVOICE.uuid, total: 90, displayId: '', date: '', status: null, card: null }],
    });
  });

  it('buys a package listed as {id, total} alone, answered 200 with an empty body: processing, exit 0', async () => {
    const stub = await minimalService();
    const result = await run(stub, ['credits', 'buy', '--plan', 'plan-5000']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'processing', total: 450 });
    expect(stub.requests.filter((r) => r.path === '/v1/billing/purchase')).toHaveLength(1);
  });

  it('issue 22 point 1: a 200 without paymentIntentId and with total as text is succeeded, exit 0', async () => {
    const stub = await minimalService({
      'POST /v1/billing/purchase': {
        status: 200,
        body: { status: 'succeeded', invoiceUuid: INVOICE.uuid, total: '90.00', quantity: 1000 },
      },
    });
    const result = await run(stub, ['credits', 'buy', '--quantity', '1000']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: 'succeeded',
      invoiceUuid: INVOICE.uuid,
      total: 90,
    });
    expect(result.stdout + result.stderr).not.toMatch(/Nothing was charged|connection was lost/);
  });
});
