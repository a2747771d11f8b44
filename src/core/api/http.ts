/**
 * The HTTP transport to the service: one got instance with the service's
 * defaults (base URL, JSON, time limits, retry policy) and with every failure
 * turned into a `ServiceError` or `NetworkError` before it leaves got.
 *
 * Retry policy: got retries only GET (safe and idempotent), at most twice, on
 * network errors and on 408/429/5xx, honouring `Retry-After`. POST, PUT and
 * DELETE are never retried here: a purchase or a bulk send that may have been
 * processed must be reconciled by the caller, never blindly repeated.
 */
import got, {
  HTTPError,
  ParseError,
  RequestError,
  TimeoutError,
  type Got,
  type GotReturn,
  type Options,
  type Progress,
  type Response,
} from 'got';
import type { EventEmitter } from 'node:events';
import { DEFAULT_BASE_URL, HEADERS } from './wire';
import {
  InvalidResponseError,
  NetworkError,
  ResponseTooLargeError,
  isNetworkError,
  isServiceError,
  serviceErrorFromResponse,
  type NetworkErrorKind,
} from './service-error';

export interface HttpOptions {
  /** Default `DEFAULT_BASE_URL`; the sandbox or a staging host otherwise. */
  baseUrl?: string;
  /** Budget for one attempt, from start to the last response byte. Default 30 s. */
  timeoutMs?: number;
  /** Budget for a whole call, its retries included. Default `TIMEOUTS.deadlineMs`. */
  deadlineMs?: number;
  /** The largest answer read; a longer one is cut off. Default `MAX_ANSWER_BYTES`. */
  maxAnswerBytes?: number;
  userAgent?: string;
  /** Strings masked out of any error text (the account key and current token). */
  secrets?: () => readonly string[];
}

/**
 * Per-attempt time limits. Connecting is quick or not happening (5 s); the
 * service may take a while to register 5000 messages or charge a card (20 s to
 * the first response byte); 30 s bounds the whole attempt so the UI never
 * waits forever. A smaller `timeoutMs` caps every phase.
 */
export const TIMEOUTS = {
  lookupMs: 5_000,
  connectMs: 5_000,
  secureConnectMs: 5_000,
  responseMs: 20_000,
  requestMs: 30_000,
  /**
   * A whole call, retries included: a GET that times out is tried again, and
   * without this an answer that never ends took three attempts (94 s) to fail.
   * The attempt's own 30 s still bound a POST, which is never retried.
   */
  deadlineMs: 35_000,
} as const;

/**
 * The largest answer read. The biggest real ones (a page of a send's
 * numbers, of contacts) are tens of kilobytes; a 200 MB answer was read
 * whole (1.2 GB of memory) before this limit.
 */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export const RETRY = {
  limit: 2,
  methods: ['GET'] as const,
  statusCodes: [408, 429, 500, 502, 503, 504],
  errorCodes: [
    'ETIMEDOUT',
    'ECONNRESET',
    'EADDRINUSE',
    'ECONNREFUSED',
    'EPIPE',
    'ENOTFOUND',
    'ENETUNREACH',
    'EAI_AGAIN',
  ],
  /** A longer `Retry-After` is not waited out: the caller gets the 429/503 with `retryAfterSeconds`. */
  maxRetryAfterMs: 10_000,
  backoffLimitMs: 4_000,
} as const;

/** got's `prefixUrl` refuses a leading slash, which every path in wire.ts has. */
export const relativePath = (path: string): string => path.replace(/^\/+/, '');

export function createHttp(options: HttpOptions = {}): Got {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  // Fail at setup with a plain message rather than on every request.
  if (!/^https?:$/.test(URL.parse(baseUrl)?.protocol ?? ''))
    throw new TypeError('baseUrl must be an http(s) URL');
  const total = options.timeoutMs ?? TIMEOUTS.requestMs;
  const secrets = options.secrets ?? (() => []);
  const limits = {
    deadlineMs: options.deadlineMs ?? TIMEOUTS.deadlineMs,
    maxBytes: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
  };
  return got.extend({
    handlers: [(callOptions, next) => bounded(callOptions, next, limits, secrets)],
    prefixUrl: baseUrl,
    // Every call uses a relative path from wire.ts; an absolute URL here would be a bug.
    allowAbsoluteUrls: false,
    responseType: 'json',
    parseJson: jsonOrText,
    headers: { accept: 'application/json', 'user-agent': options.userAgent ?? 'Torpedo' },
    // A redirect would replay the request elsewhere, and got only strips
    // well-known credential headers on a cross-origin hop, not `SMSGo-key`.
    followRedirect: false,
    timeout: {
      lookup: Math.min(TIMEOUTS.lookupMs, total),
      connect: Math.min(TIMEOUTS.connectMs, total),
      secureConnect: Math.min(TIMEOUTS.secureConnectMs, total),
      response: Math.min(TIMEOUTS.responseMs, total),
      request: total,
    },
    retry: {
      limit: RETRY.limit,
      methods: [...RETRY.methods],
      statusCodes: [...RETRY.statusCodes],
      errorCodes: [...RETRY.errorCodes],
      maxRetryAfter: RETRY.maxRetryAfterMs,
      backoffLimit: RETRY.backoffLimitMs,
    },
    hooks: {
      afterResponse: [rejectRedirect],
      // Runs once retries are exhausted: what it returns is what the caller sees.
      beforeError: [(error) => toClientError(error, secrets())],
    },
  });
}

/**
 * A body as the four SDKs read one: JSON when it is JSON, else its text (a
 * contact's uuid may come bare, not as a JSON string; an error page's text is
 * its message). Whether that text will do is the wire schema's to say.
 */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Why a call was stopped by Torpedo itself: it ran past its deadline, or its answer past the size limit. */
export class AnswerLimit extends Error {
  override name = 'AnswerLimit';

  constructor(
    readonly limit: 'deadline' | 'too_large',
    readonly value: number,
  ) {
    super(limit === 'deadline' ? `no complete answer within ${value} ms` : `an answer over ${value} bytes`);
  }
}

/**
 * Every call (its retries included) under one deadline, and every answer
 * under one size: both abort the request through its signal, with an
 * AnswerLimit as the reason toClientError reads. The bytes are counted as
 * they arrive, so an oversized answer is dropped at the limit, never held.
 */
function bounded<T extends GotReturn>(
  options: Options,
  next: (options: Options) => T,
  limits: { deadlineMs: number; maxBytes: number },
  secrets: () => readonly string[],
): T {
  if (options.isStream) return next(options);
  const stop = new AbortController();
  options.signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const timer = setTimeout(
    () => stop.abort(new AnswerLimit('deadline', limits.deadlineMs)),
    limits.deadlineMs,
  );
  const call = next(options);
  // Not a stream, so got's promise (its events are the request's); anything else is left unbounded by size.
  const events = call as Partial<Pick<EventEmitter, 'on'>>;
  events.on?.('downloadProgress', ({ transferred }: Progress) => {
    if (transferred > limits.maxBytes) stop.abort(new AnswerLimit('too_large', limits.maxBytes));
  });
  const settle = () => clearTimeout(timer);
  if (!(call instanceof Promise)) {
    settle();
    return call;
  }
  // got hands an abort over as it is (beforeError does not see it): our reason becomes our error here.
  // got copies its promise's helpers onto the promise returned.
  return call.then(
    (value: unknown) => {
      settle();
      return value;
    },
    (error: unknown) => {
      settle();
      if (stop.signal.aborted && error instanceof RequestError) throw toClientError(error, secrets());
      throw error;
    },
  ) as T;
}

/** With redirects off got would resolve a 3xx as success; it is an error for us. */
function rejectRedirect(response: Response): Response {
  if (response.statusCode >= 300 && response.statusCode < 400) throw new HTTPError(response);
  return response;
}

/** Method and path only: no host (could carry credentials), no query (may carry search text). */
function whereOf(error: RequestError): { method: string; path: string } {
  const { method, url } = error.options;
  let path = '?';
  try {
    if (url !== undefined) path = new URL(String(url)).pathname;
  } catch {
    // keep '?'
  }
  return { method: method.toUpperCase(), path };
}

/** Builds a fresh, secret-free error from got's (which holds our request headers). */
export function toClientError(error: RequestError, secrets: readonly string[]): Error {
  // Already ours (thrown by a hook): pass it through rather than wrap it.
  if (isServiceError(error.cause) || isNetworkError(error.cause)) return error.cause;
  const where = whereOf(error);
  const response = error.response;
  const limit: unknown = error.options?.signal?.reason;
  if (limit instanceof AnswerLimit) {
    // Too large: the service answered (a 2xx may mean it acted), but nothing of it can be used.
    if (limit.limit === 'too_large')
      return new ResponseTooLargeError({
        ...where,
        status: response?.statusCode ?? 0,
        maxBytes: limit.value,
      });
    return new NetworkError({
      ...where,
      kind: 'deadline',
      maybeCommitted: mayHaveReachedService(error, 'deadline'),
      seconds: Math.round(limit.value / 1000),
    });
  }
  // A response whose body is not JSON: on a success that is an unusable answer.
  if (error instanceof ParseError && response !== undefined && isSuccess(response.statusCode)) {
    return new InvalidResponseError({ ...where, status: response.statusCode });
  }
  if ((error instanceof HTTPError || error instanceof ParseError) && response !== undefined) {
    const retryAfter = response.headers[HEADERS.retryAfter.toLowerCase()];
    return serviceErrorFromResponse({
      ...where,
      status: response.statusCode,
      body: errorBody(error, response),
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      secrets,
    });
  }
  // Anything else (time-outs, resets, a body cut short) left us without a usable answer.
  const kind = networkKind(error);
  return new NetworkError({
    ...where,
    kind,
    maybeCommitted: mayHaveReachedService(error, kind),
    systemCode: error.code,
  });
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * The error answer's body: parsed JSON, else its text (the SDKs make a body
 * that is not JSON the error's message). got hands a JSON parse failure over
 * as a ParseError whose parsed body is missing, so the raw bytes are read.
 */
function errorBody(error: RequestError, response: Response): unknown {
  const body: unknown = error instanceof HTTPError ? response.body : undefined;
  if (body !== undefined && !Buffer.isBuffer(body)) return body;
  const raw = Buffer.isBuffer(body) ? body : response.rawBody;
  return raw ? raw.toString('utf8') : undefined;
}

function networkKind(error: RequestError): NetworkErrorKind {
  if (error instanceof TimeoutError) {
    // The overall limit can also strike while still connecting: the timings tell.
    const connecting =
      ['lookup', 'connect', 'secureConnect'].includes(error.event) || error.timings.connect === undefined;
    return connecting ? 'connect_timeout' : 'timeout';
  }
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'dns';
    case 'ECONNREFUSED':
      return 'refused';
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'EADDRNOTAVAIL':
      return 'unreachable';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'reset';
    default:
      return 'other';
  }
}

/**
 * Could the service have received the whole request and acted on it? Only a
 * failure before any byte was sent is a certain "no". Once connected we cannot
 * rule it out (a body may have left in full even if its last write callback
 * had not fired yet), so the answer there is "maybe": a wrong "maybe" costs a
 * reconciliation read, a wrong "no" could cost a duplicate charge.
 */
function mayHaveReachedService(error: RequestError, kind: NetworkErrorKind): boolean {
  const timings = error.timings;
  // `upload` is stamped when the whole request was handed to the socket.
  if (timings?.upload !== undefined) return true;
  if (kind === 'dns' || kind === 'refused' || kind === 'unreachable' || kind === 'connect_timeout')
    return false;
  // Never connected (or failed before the request started): nothing was sent.
  if (timings?.connect === undefined) return false;
  return true;
}
