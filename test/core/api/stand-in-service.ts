/**
 * A stand-in for the SMS service that answers in the shapes the official SDKs
 * accept: the documented answer on every route the app calls, except one
 * route, which answers exactly the body a test gives (JSON, or text that is
 * not JSON). Used by the conformance tables of the client, the core and the CLI.
 */
import type { ServerResponse } from 'node:http';
import { BALANCE, json, startStub, type SeenRequest, type StubServer } from './stub-server';

export const KEY = 'test_sdk_shapes_key_0001';
export const TOKEN = 'sdk_shapes_token_0123456789';

export const page = (data: unknown[]) => ({
  meta: {
    total: data.length,
    perPage: 20,
    currentPage: 1,
    lastPage: 1,
    firstPage: 1,
    firstPageUrl: '/?page=1',
    lastPageUrl: '/?page=1',
    nextPageUrl: null,
    previousPageUrl: null,
  },
  data,
});

export const INVOICE = {
  uuid: '7f1c2a3b-0000-4000-8000-000000000001',
  total: 90,
  date: '2026-11-20T12:00:00.000Z',
  expiry: '2026-12-20T12:00:00.000Z',
  displayId: 1006,
  status: { code: 'paid', name: 'Pago', icon: null, color: null },
  card: { code: 'visa', name: 'Visa •••• 4242' },
};
/** Package amounts, as the PHP and Python SDKs' vectors give them (`price`/`sale` for the whole package). */
export const PLAN = {
  id: 'plan-1',
  quantity: 1000,
  price: 90,
  sale: 0,
  unit: 0.09,
  total: 90,
  popular: false,
};
export const PURCHASE = {
  status: 'succeeded',
  invoiceUuid: INVOICE.uuid,
  total: 90,
  quantity: 1000,
  paymentIntentId: 'pi_1',
};

export type Answer = { status: number; body?: unknown; text?: string };

/**
 * A stand-in service: the documented answer for every route the app calls,
 * except `route`, which answers `answer` exactly.
 */
export async function standIn(route: string, answer: Answer): Promise<StubServer> {
  const documented: Record<string, Answer> = {
    'GET /v1/auth/token': { status: 200, body: { token: TOKEN, mode: 'test' } },
    'GET /v1/account/balance': { status: 200, body: BALANCE },
    'GET /v1/billing/invoices': { status: 200, body: page([INVOICE]) },
    'GET /v1/billing/plans': { status: 200, body: { data: [PLAN] } },
    'GET /v1/billing/cards': { status: 200, body: { data: [] } },
    'POST /v1/billing/purchase': { status: 200, body: PURCHASE },
    'GET /v1/sms-types': {
      status: 200,
      body: { data: [{ id: 1, name: 'Padrão', price: 0.09, sale: null }] },
    },
  };
  return startStub((req: SeenRequest, res: ServerResponse) => {
    const name = `${req.method} ${req.path.split('?')[0]}`;
    const a =
      name === route
        ? answer
        : (documented[name] ?? { status: 404, body: { code: 'not_found', message: 'No route.' } });
    if (a.text !== undefined) {
      res.writeHead(a.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(a.text);
      return;
    }
    json(res, a.status, a.body);
  });
}

/** How many purchases reached the stand-in (never more than the one the user asked for). */
export const purchasesSent = (stub: StubServer) =>
  stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing/purchase').length;
