/**
 * Every answer of the service the client reads, in its documented shape
 * (service-wire-facts.md), with what each key reads as when an SDK-minimal
 * answer leaves it out or sends it null: the PHP SDK's `fromArray` default
 * (its models: src/Model/*.php of sms-go/smsgo-sdk-php), or where Torpedo
 * reads "unknown" instead of a made-up 0, that (wire-schemas.ts says why).
 * The generated conformance tests (sdk-minimal-shapes.test.ts, and through
 * the CLI test/cli/sdk-minimal-shapes.test.ts) walk these.
 */
import type { SmsGoClient } from '@core/api/index';
import type { AnswerName } from '@core/api/wire-strict';
import { INVOICE, PLAN, PURCHASE, page } from './stand-in-service';
import { BALANCE } from './stub-server';

export const SEND_ID = '5e1d0000-0000-4000-8000-000000000001';
const PHONE = {
  id: 'n-1',
  characters: 10,
  code: 'DLV',
  cost: 0.09,
  message: 'Oi',
  phone: '+5511999990000',
  status: 'entregue',
  template: 'promo',
  created_at: '2026-11-20T12:00:00.000Z',
};
const SUMMARY = { total: 1, delivered: 1, failed: 0, inProgress: 0, done: true };
export const DETAIL = {
  id: SEND_ID,
  quantity: 1,
  characters: 10,
  date: '2026-11-20T12:00:00.000Z',
  total: 0.09,
  cost: 0.09,
  user: 'Padaria',
  status: 'completed',
  type: 'Padrão',
  summary: SUMMARY,
  phones: [PHONE],
};

export interface SdkAnswer {
  /** The schema (and STRICT_KEYS entry) it is read with. */
  name: AnswerName;
  /** `METHOD /path` of the route that answers it. */
  route: string;
  /** The documented answer of this one object. */
  sample: Record<string, unknown>;
  /** The whole body the route answers with `object` in its place. */
  body: (object: Record<string, unknown>) => unknown;
  /** The client call, and where in its result this object's normalised keys are. */
  read: (client: SmsGoClient) => Promise<Record<string, unknown>>;
  /** What each non-strict key reads as when missing or null. */
  defaults: Record<string, unknown>;
  /** Keys whose default is worked out from other keys (so not the same when those are missing too). */
  derived?: string[];
}

const first = async <T>(list: Promise<T[]>) => (await list)[0] as Record<string, unknown>;

export const SDK_ANSWERS: SdkAnswer[] = [
  {
    name: 'tokenResponse',
    route: 'GET /v1/auth/token',
    sample: { token: 'tok_sample_0123456789', mode: 'test' },
    body: (o) => o,
    read: (c) => c.exchangeKey(),
    defaults: { mode: 'live' },
  },
  {
    name: 'sendResult',
    route: 'POST /v1/sms/send/single',
    sample: { id: SEND_ID, quantity: 1, status: 'queued', test: true },
    body: (o) => o,
    read: (c) => c.sendSingle({ phone: '+5511999990000', message: 'Oi' }),
    defaults: { quantity: 0, status: '', test: undefined },
  },
  {
    name: 'sendListItem',
    route: 'GET /v1/sms/list',
    sample: {
      id: SEND_ID,
      number: 7,
      date: null,
      quantity: 1,
      full_name: 'Padaria',
      created_at: '2026-11-20T12:00:00.000Z',
      status: 'entregue',
      type: 'Padrão',
    },
    body: (o) => page([o]),
    read: (c) => first(c.listSends().then((p) => p.data)),
    defaults: { number: null, date: null, quantity: 0, full_name: '', created_at: '', status: '', type: '' },
  },
  {
    name: 'sendDetail',
    route: `GET /v1/sms/${SEND_ID}/show`,
    sample: DETAIL,
    body: (o) => o,
    read: (c) => c.getSend(SEND_ID),
    defaults: {
      quantity: 0,
      characters: 0,
      date: null,
      total: null,
      cost: null,
      user: '',
      status: '',
      type: '',
      summary: null,
      phones: [],
    },
  },
  {
    name: 'sendSummary',
    route: `GET /v1/sms/${SEND_ID}/show`,
    sample: SUMMARY,
    body: (o) => ({ ...DETAIL, summary: o }),
    read: async (c) => (await c.getSend(SEND_ID)).summary!,
    defaults: { total: 0, delivered: 0, failed: 0, inProgress: 0, done: false },
  },
  {
    name: 'sendNumberDetail',
    route: `GET /v1/sms/${SEND_ID}/show`,
    sample: PHONE,
    body: (o) => ({ ...DETAIL, phones: [o] }),
    read: (c) => first(c.getSend(SEND_ID).then((d) => d.phones)),
    defaults: {
      id: '',
      characters: 0,
      code: null,
      cost: null,
      message: '',
      phone: '',
      status: '',
      template: null,
      created_at: '',
    },
  },
  {
    name: 'sendNumberItem',
    route: `GET /v1/sms/${SEND_ID}/numbers`,
    sample: { id: 'n-1', phone: '+5511999990000', code: null, status: 'falhou', created_at: '2026-11-20' },
    body: (o) => page([o]),
    read: (c) => first(c.listSendNumbers(SEND_ID).then((p) => p.data)),
    defaults: { id: '', phone: '', code: null, status: '', created_at: '' },
  },
  {
    name: 'smsTypeItem',
    route: 'GET /v1/sms-types',
    sample: { id: 3, name: 'LONGCODE', price: 0.12, sale: 0.1 },
    body: (o) => ({ data: [o] }),
    read: (c) => first(c.smsTypes()),
    defaults: { name: '', sale: null },
  },
  {
    name: 'balance',
    route: 'GET /v1/account/balance',
    sample: { ...BALANCE, company: { name: 'Padaria', document: '12.345.678/0001-90' } },
    body: (o) => o,
    read: (c) => c.balance(),
    defaults: { currency: '', company: { name: '', document: null } },
  },
  {
    name: 'autoRechargeConfig',
    route: 'GET /v1/account/auto-recharge',
    sample: {
      enabled: true,
      threshold: 10,
      planQuantity: 1000,
      cardId: 'card-1',
      alertEnabled: true,
      alertThreshold: 15,
    },
    body: (o) => o,
    read: (c) => c.autoRecharge(),
    defaults: {
      enabled: false,
      threshold: 0,
      planQuantity: 0,
      cardId: null,
      alertEnabled: false,
      alertThreshold: 0,
    },
  },
  {
    name: 'webhookConfig',
    route: 'GET /v1/account/webhook',
    sample: { url: 'https://loja.example/hooks', secret: 'whsec_sample' },
    body: (o) => o,
    read: (c) => c.webhook(),
    defaults: { url: null, secret: null },
  },
  {
    name: 'plan',
    route: 'GET /v1/billing/plans',
    sample: {
      ...PLAN,
      id: 'plan-5000',
      quantity: 5000,
      price: 500,
      sale: 450,
      unit: 0.09,
      total: 450,
      popular: true,
    },
    body: (o) => ({ data: [o] }),
    read: (c) => first(c.plans()),
    // price missing: the package's total (no promotion); unit missing: total / quantity.
    defaults: { quantity: 0, price: 450, sale: null, unit: 0.09, popular: false },
    derived: ['unit'],
  },
  {
    name: 'card',
    route: 'GET /v1/billing/cards',
    sample: {
      id: 'card-1',
      number: '4242',
      name: 'Maria',
      alias: 'Loja',
      validate: '12/30',
      flag: 'visa',
      default: true,
    },
    body: (o) => ({ data: [o] }),
    read: (c) => first(c.cards()),
    defaults: { number: '', name: '', alias: null, validate: '', flag: '', default: false },
  },
  {
    name: 'invoiceItem',
    route: 'GET /v1/billing/invoices',
    sample: { ...INVOICE, status: { code: 'paid', name: 'Pago', icon: 'check', color: '#0a0' } },
    body: (o) => page([o]),
    read: (c) => first(c.invoices().then((p) => p.data)),
    defaults: { date: '', expiry: '', displayId: '', status: null, card: null },
  },
  {
    name: 'purchaseResult',
    route: 'POST /v1/billing/purchase',
    sample: PURCHASE,
    body: (o) => o,
    read: (c) => c.purchase({ quantity: 1000 }),
    // Any 2xx is an order taken: without a status it is being confirmed, without an invoice it is looked for.
    defaults: { status: 'processing', invoiceUuid: null, total: null, quantity: null, paymentIntentId: null },
  },
  {
    name: 'contactListItem',
    route: 'GET /v1/contacts/list',
    sample: {
      id: 'c-1',
      fullName: 'Ana',
      email: 'ana@example.com',
      phone: '+5511999990000',
      lists: [{ id: 'l-1', name: 'VIP' }],
    },
    body: (o) => page([o]),
    read: (c) => first(c.listContacts({ page: 1 }).then((p) => p.data)),
    defaults: { fullName: '', email: null, lists: [] },
  },
  {
    name: 'contactDetail',
    route: 'GET /v1/contacts/c-1/show',
    sample: { fullName: 'Ana', email: 'ana@example.com', phone: '+5511999990000' },
    body: (o) => o,
    read: (c) => c.getContact('c-1'),
    defaults: { fullName: '', email: null, phone: '' },
  },
  {
    name: 'listResult',
    route: 'GET /v1/lists/l-1/show',
    sample: { id: 'l-1', name: 'VIP' },
    body: (o) => o,
    read: (c) => c.getList('l-1'),
    defaults: { name: '' },
  },
];
