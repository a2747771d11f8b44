/**
 * Conformance with the official SDKs: every answer shape the facts file
 * (service-wire-facts.md) says the SDKs accept, and the strict cases they
 * refuse, fed through the real client and the real core to a small stand-in
 * service that answers exactly that body. Each row names the facts file's row
 * it comes from and what the app must show or do with it.
 *
 * (The same shapes through the real CLI process: test/cli/sdk-shapes.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, type ServiceError } from '@core/api/index';
import type { AppError } from '@shared/app-error';
import type { InvoicesPageView, PurchaseOutcomeView } from '@shared/dto';
import { startCore, value } from '../billing/billing-harness';
import {
  INVOICE,
  KEY,
  PLAN,
  PURCHASE,
  TOKEN,
  page,
  purchasesSent,
  standIn,
  type Answer,
} from './stand-in-service';
import { BALANCE, type StubServer } from './stub-server';

const clientOf = (stub: StubServer) => createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });

async function serviceError(work: Promise<unknown>): Promise<ServiceError> {
  const outcome = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(outcome, 'the call should have failed').not.toBeNull();
  return outcome as ServiceError;
}

/** The real core, signed in to the stand-in with the test key. */
async function coreOn(stub: StubServer) {
  const c = await startCore();
  const signIn = await c.core.dispatch('session:signIn', { accountKey: KEY, baseUrl: stub.url });
  return { ...c, signIn };
}

describe('answers the official SDKs accept, through the real client (facts row in each name)', () => {
  interface Row {
    name: string;
    route: string;
    answer: Answer;
    call: (client: ReturnType<typeof createSmsGoClient>) => Promise<unknown>;
    expected: unknown;
  }
  const rows: Row[] = [
    {
      name: 'Authentication: a token answer without mode is live',
      route: 'GET /v1/auth/token',
      answer: { status: 200, body: { token: TOKEN } },
      call: (c) => c.exchangeKey(),
      expected: { mode: 'live' },
    },
    {
      name: 'Authentication: another mode word is live',
      route: 'GET /v1/auth/token',
      answer: { status: 200, body: { token: TOKEN, mode: 'production' } },
      call: (c) => c.exchangeKey(),
      expected: { mode: 'live' },
    },
    {
      name: 'Authentication: mode "test" is test',
      route: 'GET /v1/auth/token',
      answer: { status: 200, body: { token: TOKEN, mode: 'test' } },
      call: (c) => c.exchangeKey(),
      expected: { mode: 'test' },
    },
    {
      name: 'Billing: an integer displayId is shown as text',
      route: 'GET /v1/billing/invoices',
      answer: { status: 200, body: page([INVOICE]) },
      call: (c) => c.invoices().then((p) => p.data[0]!.displayId),
      expected: '1006',
    },
    {
      name: 'Billing: a text displayId (earlier sandboxes) stays as it is',
      route: 'GET /v1/billing/invoices',
      answer: { status: 200, body: page([{ ...INVOICE, displayId: 'SBX-000007' }]) },
      call: (c) => c.invoices().then((p) => p.data[0]!.displayId),
      expected: 'SBX-000007',
    },
    {
      name: 'Billing: a purchase status other than succeeded/processing reads as processing',
      route: 'POST /v1/billing/purchase',
      answer: { status: 200, body: { ...PURCHASE, status: 'requires_capture' } },
      call: (c) => c.purchase({ quantity: 1000 }),
      expected: { status: 'processing', reportedStatus: 'requires_capture', invoiceUuid: INVOICE.uuid },
    },
    {
      name: 'Billing: a plan `sale` as a package amount below `price` is a promotion; 0 means none',
      route: 'GET /v1/billing/plans',
      answer: {
        status: 200,
        body: { data: [PLAN, { ...PLAN, id: 'plan-2', price: 500, sale: 450, unit: 0.09, total: 450 }] },
      },
      call: (c) => c.plans().then((ps) => ps.map((p) => p.sale)),
      expected: [null, 450],
    },
    {
      name: 'Billing: a plan `sale` of null (as the sandbox once sent) or equal to the price: no promotion',
      route: 'GET /v1/billing/plans',
      answer: {
        status: 200,
        body: {
          data: [
            { ...PLAN, sale: null },
            { ...PLAN, id: 'p2', sale: 90 },
          ],
        },
      },
      call: (c) => c.plans().then((ps) => ps.map((p) => p.sale)),
      expected: [null, null],
    },
    {
      name: 'SMS: an SMS type `sale` as a number or null',
      route: 'GET /v1/sms-types',
      answer: {
        status: 200,
        body: {
          data: [
            { id: 1, name: 'A', price: 0.09, sale: null },
            { id: 2, name: 'B', price: 0.12, sale: 0.1 },
          ],
        },
      },
      call: (c) => c.smsTypes().then((ts) => ts.map((t) => t.sale)),
      expected: [null, 0.1],
    },
    {
      name: 'Account: a balance whose currency is another string',
      route: 'GET /v1/account/balance',
      answer: { status: 200, body: { ...BALANCE, currency: 'BRL ' } },
      call: (c) => c.balance(),
      expected: { balance: 12.5, currency: 'BRL ' },
    },
    {
      name: 'Contacts: create answered {id} (the PHP SDK accepts it) gives the uuid',
      route: 'POST /v1/contacts/store',
      answer: { status: 200, body: { id: 'c0ffee00-0000-4000-8000-000000000001' } },
      call: (c) => c.createContact({ full_name: 'Maria', phone: '+5511999990000' }),
      expected: 'c0ffee00-0000-4000-8000-000000000001',
    },
    {
      name: 'Contacts: create answered with the bare uuid string',
      route: 'POST /v1/contacts/store',
      answer: { status: 200, body: 'c0ffee00-0000-4000-8000-000000000002' },
      call: (c) => c.createContact({ full_name: 'Maria', phone: '+5511999990000' }),
      expected: 'c0ffee00-0000-4000-8000-000000000002',
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      const stub = await standIn(row.route, row.answer);
      await expect(row.call(clientOf(stub))).resolves.toMatchObject(row.expected as object);
    });
  }
});

describe('error answers read as the SDKs read them (facts: "How the official SDKs read an error")', () => {
  const rows: { name: string; answer: Answer; code: string; serviceMessage?: string; fields?: string[] }[] = [
    {
      name: '402 {message} without code: code from the status',
      answer: { status: 402, body: { message: 'Saldo insuficiente' } },
      code: 'insufficient_balance',
      serviceMessage: 'Saldo insuficiente',
    },
    {
      name: '402 with a numeric code: kept as text',
      answer: { status: 402, body: { code: 1006, message: 'Saldo insuficiente' } },
      code: '1006',
      serviceMessage: 'Saldo insuficiente',
    },
    {
      name: '503 with a body that is not JSON: the text is the message',
      answer: { status: 503, text: 'Gateway em manutenção' },
      code: 'payment_unavailable',
      serviceMessage: 'Gateway em manutenção',
    },
    { name: '400 {} : bad_request', answer: { status: 400, body: {} }, code: 'bad_request' },
    { name: '401 empty body: unauthorized', answer: { status: 401, text: '' }, code: 'unauthorized' },
    {
      name: '409 {message}: provider_out_of_stock',
      answer: { status: 409, body: { message: 'Sem rota' } },
      code: 'provider_out_of_stock',
      serviceMessage: 'Sem rota',
    },
    {
      name: '422 errors[] without code: validation_error with the fields',
      answer: { status: 422, body: { errors: [{ field: 'phone', message: 'inválido' }] } },
      code: 'validation_error',
      fields: ['phone'],
    },
    { name: '429 {}: rate_limited', answer: { status: 429, body: {} }, code: 'rate_limited' },
    {
      // The SDKs make the page the message; Torpedo names it instead of showing markup to anyone.
      name: '500 an HTML page: http_500, the page named, not kept',
      answer: { status: 500, text: '<html><body>Bad gateway</body></html>' },
      code: 'http_500',
    },
    {
      name: '418 code "" (empty): from the status',
      answer: { status: 418, body: { code: '', message: 'x' } },
      code: 'http_418',
      serviceMessage: 'x',
    },
    {
      name: '402 documented {code, message}: the code given',
      answer: { status: 402, body: { code: 'card_declined', message: 'Recusado' } },
      code: 'card_declined',
      serviceMessage: 'Recusado',
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      // A PUT: got retries a GET's 429 and 5xx first, which would only slow this table down.
      const stub = await standIn('PUT /v1/account/webhook', row.answer);
      const err = await serviceError(clientOf(stub).updateWebhook({ url: '' }));
      expect(err).toMatchObject({ status: row.answer.status, code: row.code });
      expect(err.serviceMessage).toBe(row.serviceMessage);
      if (row.fields) expect(err.errors.map((e) => e.field)).toEqual(row.fields);
    });
  }
});

describe('strict where the facts are strict: refused with a clear invalid_response', () => {
  const rows: {
    name: string;
    route: string;
    answer: Answer;
    call: (c: ReturnType<typeof createSmsGoClient>) => Promise<unknown>;
  }[] = [
    {
      name: 'Authentication: no token',
      route: 'GET /v1/auth/token',
      answer: { status: 200, body: { mode: 'live' } },
      call: (c) => c.exchangeKey(),
    },
    {
      name: 'Billing: an invoice without its uuid (a purchase is linked to its invoice by it)',
      route: 'GET /v1/billing/invoices',
      answer: { status: 200, body: page([{ ...INVOICE, uuid: undefined }]) },
      call: (c) => c.invoices(),
    },
    {
      name: 'Billing: an invoice history that is an HTML page, not an empty one',
      route: 'GET /v1/billing/invoices',
      answer: { status: 200, text: '<html>manutenção</html>' },
      call: (c) => c.invoices(),
    },
    {
      name: 'Account: a balance that is text but not a number (PHP would read 0)',
      route: 'GET /v1/account/balance',
      answer: { status: 200, body: { ...BALANCE, balance: 'lots' } },
      call: (c) => c.balance(),
    },
    {
      name: 'Account: a balance without its amount',
      route: 'GET /v1/account/balance',
      answer: { status: 200, body: { currency: 'BRL', company: BALANCE.company } },
      call: (c) => c.balance(),
    },
    {
      name: 'Contacts: create answered {}',
      route: 'POST /v1/contacts/store',
      answer: { status: 200, body: {} },
      call: (c) => c.createContact({ full_name: 'M', phone: '+5511999990000' }),
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      const stub = await standIn(row.route, row.answer);
      const err = await serviceError(row.call(clientOf(stub)));
      expect(err).toMatchObject({ code: 'invalid_response', status: 200 });
    });
  }
});

describe('what the app shows, through the real core', () => {
  it('signs in with a token answer without mode (live) and reads the balance', async () => {
    const stub = await standIn('GET /v1/auth/token', { status: 200, body: { token: TOKEN } });
    const c = await coreOn(stub);
    expect(value(c.signIn)).toMatchObject({ signedIn: true, mode: 'live' });
    expect(value(await c.core.dispatch('account:balance', {}))).toMatchObject({
      balance: 12.5,
      stale: false,
    });
  });

  it('lists an invoice whose displayId is an integer, and keeps it in the offline copy', async () => {
    const stub = await standIn('GET /v1/billing/invoices', { status: 200, body: page([INVOICE]) });
    const c = await coreOn(stub);
    const view = value<InvoicesPageView>(await c.core.dispatch('credits:invoices', {}));
    expect(view.invoices.map((i) => i.displayId)).toEqual(['1006']);
    await stub.close();
    const offline = value<InvoicesPageView>(await c.core.dispatch('credits:invoices', {}));
    expect(offline).toMatchObject({ stale: true });
    expect(offline.invoices.map((i) => i.displayId)).toEqual(['1006']);
  });

  it('a purchase answered with an unknown status is being confirmed, never failed, never retried', async () => {
    const stub = await standIn('POST /v1/billing/purchase', {
      status: 200,
      body: { ...PURCHASE, status: 'requires_capture' },
    });
    const c = await coreOn(stub);
    const outcome = value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', { quantity: 1000 }));
    expect(outcome).toMatchObject({ outcome: 'processing', invoiceUuid: INVOICE.uuid, total: 90 });
    expect(outcome.message).toMatch(/still confirming the payment/);
    expect(purchasesSent(stub)).toBe(1);
  });

  it('a refusal with a code of its own crosses IPC as service_refused, keeping that code and the service words', async () => {
    const stub = await standIn('GET /v1/billing/cards', {
      status: 402,
      body: { code: 1006, message: 'Saldo insuficiente' },
    });
    const c = await coreOn(stub);
    const result = await c.core.dispatch('credits:cards', {});
    expect(result.ok).toBe(false);
    const error = (result as { error: AppError }).error;
    // The client keeps the service's code as text, as the SDKs do; the app's closed union of codes
    // carries an unknown one as service_refused with the code beside it.
    expect(error).toMatchObject({
      code: 'service_refused',
      details: { status: 402, serviceCode: '1006', serviceMessage: 'Saldo insuficiente' },
    });
  });
});
