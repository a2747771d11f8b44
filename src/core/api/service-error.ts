/**
 * The two ways a call to the service can fail, as plain, serialisable errors.
 *
 * - `ServiceError`: the service answered with a non-success status.
 * - `NetworkError`: no response arrived; `maybeCommitted` says whether the
 *   service may nevertheless have processed the request.
 *
 * These are built fresh from a sanitized method + path + reason. They never
 * hold got's error (its `.options` carries our headers: the account key or the
 * bearer token), never a request header, and never a `cause`, so that logging,
 * `util.inspect` or sending them across IPC cannot leak a credential.
 */
import { codeForStatus } from './wire';

export interface FieldError {
  field: string;
  message: string;
}

export interface ServiceErrorInit {
  method: string;
  path: string;
  status: number;
  code: string;
  /** Added to the (English, diagnostic) message. */
  detail?: string;
  /** The service's own explanation, when it gave one (already tidied). */
  serviceMessage?: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
}

export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly status: number;
  /** The service's stable code (`insufficient_balance`, …), or `http_<status>`. */
  readonly code: string;
  /** Which fields failed validation (422); empty otherwise. */
  readonly errors: FieldError[];
  /** From `Retry-After`: how long the service asks us to wait, in whole seconds. */
  readonly retryAfterSeconds?: number;
  /**
   * The service's own explanation (its `message`, or a body that was not
   * JSON), one line, secrets masked: what the user is shown for a code
   * Torpedo has no words of its own for (a numeric `1006`).
   */
  readonly serviceMessage?: string;

  constructor(init: ServiceErrorInit) {
    const detail = init.detail ? `: ${init.detail}` : '';
    super(`${init.method} ${init.path} answered ${init.status} ${init.code}${detail}`);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? [];
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.serviceMessage) this.serviceMessage = init.serviceMessage;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      errors: this.errors,
      retryAfterSeconds: this.retryAfterSeconds,
      serviceMessage: this.serviceMessage,
    };
  }
}

/**
 * A success status whose body is not what the wire contract promises. Treated
 * like a service failure (the data is unusable), with its own code so the UI
 * can say "unexpected answer from the service" rather than blame the user.
 * `errors` names the offending fields, never their values.
 */
export class InvalidResponseError extends ServiceError {
  override name = 'InvalidResponseError';

  constructor(init: { method: string; path: string; status: number; errors?: FieldError[] }) {
    super({
      ...init,
      code: 'invalid_response',
      detail: 'the response does not match the expected shape',
    });
  }
}

/**
 * An answer larger than Torpedo reads (http.ts, MAX_ANSWER_BYTES), cut off
 * as it arrived. Like any unusable answer: on a POST the service may have
 * acted, so a purchase or a send is reconciled, never repeated blindly.
 */
export class ResponseTooLargeError extends InvalidResponseError {
  override name = 'ResponseTooLargeError';
  override readonly code = 'response_too_large';

  constructor(init: { method: string; path: string; status: number; maxBytes: number }) {
    const megabytes = Math.round(init.maxBytes / (1024 * 1024));
    super({
      ...init,
      errors: [{ field: '(body)', message: `larger than ${megabytes} MB; no real answer is` }],
    });
    this.message = `${init.method} ${init.path} answered more than ${megabytes} MB; Torpedo stopped reading it`;
  }
}

/** What went wrong on the wire, coarsely; for diagnostics and wording. */
export type NetworkErrorKind =
  | 'dns' // the host name did not resolve
  | 'refused' // nothing listens there
  | 'unreachable' // no route to the host
  | 'connect_timeout' // no connection within the connect time limit
  | 'timeout' // connected, but no (complete) response in time
  | 'reset' // the connection was closed or reset mid-exchange
  | 'deadline' // the whole call, retries included, ran past its deadline (an answer that never ended)
  | 'other';

export interface NetworkErrorInit {
  method: string;
  path: string;
  kind: NetworkErrorKind;
  maybeCommitted: boolean;
  /** Node's error code (`ECONNREFUSED`, `ETIMEDOUT`, …), if any. */
  systemCode?: string;
  /** For `deadline`: the deadline, in whole seconds. */
  seconds?: number;
}

const KIND_TEXT: Record<NetworkErrorKind, string> = {
  dns: 'the service host name could not be resolved',
  refused: 'the connection was refused',
  unreachable: 'the service is unreachable',
  connect_timeout: 'no connection could be made in time',
  timeout: 'no response arrived in time',
  reset: 'the connection was closed before a response arrived',
  deadline: 'the service did not finish answering in time',
  other: 'the request failed before a response arrived',
};

export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly code = 'network_error';
  readonly kind: NetworkErrorKind;
  /**
   * True when the service may have received, and so may have processed, the
   * request: retrying a non-idempotent POST (purchase, bulk send) would risk a
   * duplicate, so callers reconcile first (read invoices / sends). False only
   * when the request certainly never reached the service.
   */
  readonly maybeCommitted: boolean;
  readonly systemCode?: string;

  constructor(init: NetworkErrorInit) {
    // A read changes nothing at the service: "it may have processed it" would only worry the owner.
    const changes = !['GET', 'HEAD', 'OPTIONS'].includes(init.method.toUpperCase());
    const committed = init.maybeCommitted && changes ? ' (the service may have processed it)' : '';
    const within = init.kind === 'deadline' && init.seconds !== undefined ? ` (${init.seconds} s)` : '';
    super(`${init.method} ${init.path} failed: ${KIND_TEXT[init.kind]}${within}${committed}`);
    this.kind = init.kind;
    this.maybeCommitted = init.maybeCommitted;
    if (init.systemCode !== undefined) this.systemCode = init.systemCode;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      kind: this.kind,
      maybeCommitted: this.maybeCommitted,
      systemCode: this.systemCode,
    };
  }
}

export const isServiceError = (err: unknown): err is ServiceError => err instanceof ServiceError;
export const isNetworkError = (err: unknown): err is NetworkError => err instanceof NetworkError;

/**
 * The last line of defence: our own errors pass; anything else (a bug, an
 * option got refused before sending) may hold got's options, and so our
 * headers, and is replaced by a bare error that names only the call.
 */
export function scrubError(err: unknown, method: string, path: string): Error {
  if (isServiceError(err) || isNetworkError(err)) return err;
  const kind = err instanceof Error ? err.name : typeof err;
  return new Error(`${method} ${path} failed unexpectedly (${kind})`);
}

/**
 * `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Returns whole seconds from `nowMs` (never negative), or undefined when the
 * header is absent or unreadable (an invalid value must be ignored).
 */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // Date.parse accepts bare numbers like "-5" as years: an HTTP date has a month name.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

export interface ErrorResponse {
  method: string;
  path: string;
  status: number;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  retryAfter?: string;
  /** Strings that must not appear in the error (the key, the token). */
  secrets?: readonly string[];
}

/** How much of the service's own explanation is kept: a proxy's error page can be long. */
const MAX_SERVICE_MESSAGE = 300;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An error answer read exactly as the official SDKs read it (facts, "How the
 * official SDKs read an error"; all four agree, checked against their sources):
 * - the body's `code` when it is a non-empty string; a numeric `code` kept as
 *   text (`1006` becomes `"1006"`); otherwise the code of the HTTP status
 *   (402 `insufficient_balance`, 503 `payment_unavailable`, ..., else `http_<status>`);
 * - the body's `message` when it is a non-empty string; a body that is not
 *   JSON (text, a proxy's page) is itself the message;
 * - `errors[]` items as `{field, message}`, a missing or non-text part read as "".
 */
export function readErrorAnswer(
  status: number,
  body: unknown,
): { code: string; message?: string; errors: FieldError[] } {
  let code = codeForStatus(status);
  let message: string | undefined;
  const errors: FieldError[] = [];
  if (isRecord(body)) {
    if (typeof body.code === 'string' && body.code !== '') code = body.code;
    else if (typeof body.code === 'number' && Number.isFinite(body.code)) code = String(body.code);
    if (typeof body.message === 'string' && body.message !== '') message = body.message;
    if (Array.isArray(body.errors)) {
      for (const item of body.errors) {
        if (!isRecord(item)) continue;
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        errors.push({ field: text(item.field), message: text(item.message) });
      }
    }
  } else if (typeof body === 'string' && body.trim() !== '') {
    message = body;
  }
  return { code, ...(message !== undefined ? { message } : {}), errors };
}

/** One line, bounded, with any echoed secret masked: safe to log and to show. */
function tidy(text: string, secrets: readonly string[]): string {
  const line = redact(text, secrets).replace(/\s+/g, ' ').trim();
  return line.length > MAX_SERVICE_MESSAGE ? `${line.slice(0, MAX_SERVICE_MESSAGE - 1)}…` : line;
}

/**
 * Maps an HTTP error response to a ServiceError, reading the body as the SDKs
 * do (readErrorAnswer). Any secret the service might echo back is masked, and
 * markup is named, never kept.
 */
export function serviceErrorFromResponse(res: ErrorResponse): ServiceError {
  const secrets = res.secrets ?? [];
  const answer = readErrorAnswer(res.status, res.body);
  const said = answer.message === undefined ? undefined : tidy(answer.message, secrets);
  // A page of markup (a proxy's or a gateway's error page) is not words anyone should be shown.
  const markup = said !== undefined && said.startsWith('<');
  return new ServiceError({
    method: res.method,
    path: res.path,
    status: res.status,
    code: answer.code,
    ...(markup
      ? { detail: 'an HTML page instead of JSON' }
      : said
        ? { detail: said, serviceMessage: said }
        : {}),
    errors: answer.errors.map((e) => ({ field: e.field, message: tidy(e.message, secrets) })),
    retryAfterSeconds: parseRetryAfter(res.retryAfter),
  });
}

/** Replaces every occurrence of each (non-trivial) secret with a marker. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short strings would mask ordinary words; real keys and tokens are long.
    if (secret.length >= 8) out = out.split(secret).join('[redacted]');
  }
  return out;
}
