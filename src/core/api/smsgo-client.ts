/**
 * The typed client of the SMS service: one method per operation of
 * service-wire-facts.md. Request bodies go out as given (callers already use
 * the wire's casing, and the service's own 422 is the authority on them);
 * every response is checked against its schema in wire-schemas.ts.
 *
 * Failures are `ServiceError` (the service answered; `InvalidResponseError`
 * when the answer is malformed) or `NetworkError` (no answer; see
 * `maybeCommitted` before repeating a purchase or a bulk send).
 */
import { createHttp, relativePath } from './http';
import { createCall, type PreparedJson, type Query } from './client-request';
import { completePage, type PageSchema } from './client-page';
import { believableBalance } from './client-validate';
export { PreparedJson } from './client-request';
import { isServiceError, scrubError } from './service-error';
import { createTokenManager, type TokenStorePort } from './token-manager';
import { HEADERS, PATHS } from './wire';
import * as w from './wire-schemas';

export interface SmsGoClientOptions {
  /** Default `DEFAULT_BASE_URL`. */
  baseUrl?: string;
  accountKey: string;
  /** Keeps the token across restarts (the caller backs it with the keychain). */
  tokenStore?: TokenStorePort;
  /** Clock for the token's age; injected by tests. */
  now?: () => number;
  /** Per-attempt time budget; see `TIMEOUTS` in http.ts. */
  timeoutMs?: number;
  /** A whole call's budget, retries included, and the largest answer read (http.ts); tests lower them. */
  deadlineMs?: number;
  maxAnswerBytes?: number;
  userAgent?: string;
}

export interface PageQuery {
  page?: number;
  perPage?: number;
}

export interface SmsGoClient {
  /** Mode of the last token obtained (test keys give `test`); null before the first. */
  readonly mode: 'live' | 'test' | null;

  // auth
  /** Exchanges the key for a new token now: proves the key works and tells its mode. */
  exchangeKey(): Promise<{ mode: 'live' | 'test' }>;
  /** Revokes the current token on the service (ASSUMED endpoint) and forgets it locally. */
  revoke(): Promise<void>;
  /** The key and the token held now, for the log to mask (core/log/): never sent anywhere else. */
  secrets(): string[];

  // SMS
  sendSingle(body: w.SendSingleRequest): Promise<w.SendResult>;
  /**
   * Not idempotent: after a `NetworkError` with `maybeCommitted`, check `listSends` first.
   * The body may come serialised ahead of time (PreparedJson of a SendMultipleRequest).
   */
  sendMultiple(body: w.SendMultipleRequest | PreparedJson): Promise<w.SendResult>;
  listSends(page?: number): Promise<w.Paginated<w.SendListItem>>;
  getSend(id: string): Promise<w.SendDetail>;
  listSendNumbers(
    id: string,
    query?: { status?: w.NumberStatusFilter; page?: number },
  ): Promise<w.Paginated<w.SendNumberItem>>;
  smsTypes(): Promise<w.SmsTypeItem[]>;

  // account
  balance(): Promise<w.Balance>;
  autoRecharge(): Promise<w.AutoRechargeConfig>;
  updateAutoRecharge(body: w.AutoRechargeUpdate): Promise<w.AutoRechargeConfig>;
  webhook(): Promise<w.WebhookConfig>;
  updateWebhook(body: w.WebhookUpdate): Promise<w.WebhookConfig>;

  // billing
  plans(): Promise<w.Plan[]>;
  cards(): Promise<w.Card[]>;
  invoices(query?: PageQuery): Promise<w.Paginated<w.InvoiceItem>>;
  /** Not idempotent: after a `NetworkError` with `maybeCommitted`, check `invoices` first. */
  purchase(body: w.PurchaseRequest): Promise<w.PurchaseResult>;

  // contacts
  listContacts(query: {
    page: number;
    perPage?: number;
    search?: string;
    title?: string;
  }): Promise<w.Paginated<w.ContactListItem>>;
  /** Upserts by phone; resolves with the contact's id. */
  createContact(body: w.ContactInput): Promise<string>;
  getContact(id: string): Promise<w.ContactDetail>;
  updateContact(id: string, body: w.ContactInput): Promise<string>;
  deleteContact(id: string): Promise<{ message: string }>;

  // lists
  listLists(query?: PageQuery & { title?: string }): Promise<w.Paginated<w.ListResult>>;
  createList(body: w.ListInput): Promise<w.ListResult>;
  getList(id: string): Promise<w.ListResult>;
  updateList(id: string, body: w.ListInput): Promise<w.ListResult>;
  deleteList(id: string): Promise<{ message: string }>;

  // short links (ASSUMED paths and fields)
  listShortLinks(page?: number): Promise<w.Paginated<w.ShortLink>>;
  createShortLink(body: w.ShortLinkInput): Promise<w.ShortLink>;
  getShortLink(id: string): Promise<w.ShortLink>;
  deactivateShortLink(id: string): Promise<w.ShortLink>;
  shortLinkClicks(id: string, page?: number): Promise<w.Paginated<w.ShortLinkClick>>;
}

// Built once: zod schemas are immutable and reusable.
const pages = {
  sends: w.paginated(w.sendListItem),
  sendNumbers: w.paginated(w.sendNumberItem),
  invoices: w.paginated(w.invoiceItem),
  contacts: w.paginated(w.contactListItem),
  lists: w.paginated(w.listResult),
  shortLinks: w.paginated(w.shortLink),
  clicks: w.paginated(w.shortLinkClick),
};

export function createSmsGoClient(options: SmsGoClientOptions): SmsGoClient {
  const { accountKey } = options;
  const http = createHttp({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    deadlineMs: options.deadlineMs,
    maxAnswerBytes: options.maxAnswerBytes,
    userAgent: options.userAgent,
    secrets: () => [accountKey, tokens.current?.token ?? ''],
  });
  const tokens = createTokenManager({ http, accountKey, store: options.tokenStore, now: options.now });
  const call = createCall(http, tokens);
  const data = <T>(envelope: Promise<{ data: T }>): Promise<T> => envelope.then((r) => r.data);
  /** A page call, its meta completed from what was asked (see `completePage`). */
  const paged = <T>(path: string, schema: PageSchema<T>, query: Query & { page: number }) =>
    call('GET', path, schema, { query }).then((answer) => completePage<T>(answer, query));

  return {
    get mode() {
      return tokens.current?.mode ?? null;
    },

    exchangeKey: async () => {
      try {
        return { mode: (await tokens.refresh()).mode };
      } catch (err) {
        throw scrubError(err, 'GET', PATHS.authToken);
      }
    },
    secrets: () => [accountKey, tokens.current?.token ?? ''].filter(Boolean),
    revoke: async () => {
      const held = await tokens.peek();
      try {
        if (held === null) return;
        // Not through `call`: refreshing a dead token only to revoke it would be absurd.
        // Revoke answers 204 (ASSUMED); whatever body a 2xx carries is ignored.
        await http.post(relativePath(PATHS.authRevoke), {
          headers: { [HEADERS.authorization]: `Bearer ${held.token}` },
          responseType: 'json',
        });
      } catch (err) {
        // 401: the token was already dead, which is what we wanted.
        if (!(isServiceError(err) && err.status === 401)) throw scrubError(err, 'POST', PATHS.authRevoke);
      } finally {
        // Signed out locally even when the service could not be told.
        await tokens.forget();
      }
    },

    sendSingle: (body) => call('POST', PATHS.smsSendSingle, w.sendResult, { json: body }),
    sendMultiple: (body) => call('POST', PATHS.smsSendMultiple, w.sendResult, { json: body }),
    listSends: (page = 1) => paged(PATHS.smsList, pages.sends, { page }),
    getSend: (id) => call('GET', PATHS.smsShow(id), w.sendDetail),
    listSendNumbers: (id, query = {}) =>
      paged(PATHS.smsNumbers(id), pages.sendNumbers, { status: query.status, page: query.page ?? 1 }),
    smsTypes: () => data(call('GET', PATHS.smsTypes, w.smsTypesResponse)),

    balance: () =>
      call('GET', PATHS.accountBalance, w.balance).then((answer) =>
        believableBalance(answer, { method: 'GET', path: PATHS.accountBalance, status: 200 }),
      ),
    autoRecharge: () => call('GET', PATHS.accountAutoRecharge, w.autoRechargeConfig),
    updateAutoRecharge: (body) =>
      call('PUT', PATHS.accountAutoRecharge, w.autoRechargeConfig, { json: body }),
    webhook: () => call('GET', PATHS.accountWebhook, w.webhookConfig),
    updateWebhook: (body) => call('PUT', PATHS.accountWebhook, w.webhookConfig, { json: body }),

    plans: () => data(call('GET', PATHS.billingPlans, w.plansResponse)),
    cards: () => data(call('GET', PATHS.billingCards, w.cardsResponse)),
    invoices: (query = {}) =>
      paged(PATHS.billingInvoices, pages.invoices, { page: query.page ?? 1, perPage: query.perPage }),
    purchase: (body) => call('POST', PATHS.billingPurchase, w.purchaseResult, { json: body }),

    listContacts: (query) => paged(PATHS.contactsList, pages.contacts, { ...query }),
    createContact: (body) => call('POST', PATHS.contactsStore, w.contactIdResponse, { json: body }),
    getContact: (id) => call('GET', PATHS.contactShow(id), w.contactDetail),
    updateContact: (id, body) => call('PUT', PATHS.contactUpdate(id), w.contactIdResponse, { json: body }),
    deleteContact: (id) => call('DELETE', PATHS.contactDelete(id), w.messageResponse),

    listLists: (query = {}) =>
      paged(PATHS.listsList, pages.lists, {
        page: query.page ?? 1,
        perPage: query.perPage,
        title: query.title,
      }),
    createList: (body) => call('POST', PATHS.listsStore, w.listResult, { json: body }),
    getList: (id) => call('GET', PATHS.listShow(id), w.listResult),
    updateList: (id, body) => call('PUT', PATHS.listUpdate(id), w.listResult, { json: body }),
    deleteList: (id) => call('DELETE', PATHS.listDelete(id), w.messageResponse),

    listShortLinks: (page = 1) => paged(PATHS.shortLinks, pages.shortLinks, { page }),
    createShortLink: (body) => call('POST', PATHS.shortLinks, w.shortLink, { json: body }),
    getShortLink: (id) => call('GET', PATHS.shortLink(id), w.shortLink),
    deactivateShortLink: (id) => call('POST', PATHS.shortLinkDeactivate(id), w.shortLink),
    shortLinkClicks: (id, page = 1) => paged(PATHS.shortLinkClicks(id), pages.clicks, { page }),
  };
}
