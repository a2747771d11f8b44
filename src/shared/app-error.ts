/**
 * The one error shape that crosses IPC. Electron's `ipcMain.handle` keeps only
 * an Error's message, so failures travel as values: `{ ok: false, error }`.
 * `code` is stable, from one closed union (below): the service's own
 * documented codes, `http_<status>` for an error answer without one, or one of
 * ours, each declared by its domain's contract file. `message` is an English
 * fallback: the renderer shows the translated text for the code.
 */
import { APP_ERRORS } from './contract/app';
import { BILLING_ERRORS } from './contract/billing';
import { AUTOMATIONS_ERRORS } from './contract/automations';
import { CAMPAIGNS_ERRORS } from './contract/campaigns';
import { CONTACTS_ERRORS } from './contract/contacts';
import { DATA_ERRORS } from './contract/data';
import { COMMON_ERRORS, SERVICE_ERRORS } from './contract/errors';
import {
  IMPORT_ERRORS,
  IMPORT_FILE_ERRORS as IMPORT_FILE_CODES,
  type ImportFileErrorCode,
} from './contract/import';
import { RULES_ERRORS } from './contract/rules';
import { SERVER_ERRORS } from './contract/server';
import { INBOX_ERRORS } from './contract/inbox';
import { PRIVACY_ERRORS } from './contract/privacy';
import { SESSION_ERRORS } from './contract/session';

export interface AppError {
  code: ErrorCode;
  message: string;
  details?: AppErrorDetails;
}

export interface AppErrorDetails {
  /** HTTP status from the service, when there was one. */
  status?: number;
  /** Field-level problems: the service's `errors[]`, or our input validation. */
  fields?: { field: string; message: string }[];
  /** Seconds to wait before trying again (from `Retry-After`). */
  retryAfterSeconds?: number;
  /** For transport failures: whether the request may have reached the service. */
  maybeCommitted?: boolean;
  /**
   * The service's own words for a refusal (its `message`, or an answer that
   * was not JSON), secrets masked: shown when Torpedo has no text of its own
   * for the code (a numeric code such as `1006`).
   */
  serviceMessage?: string;
  /** For `service_refused`: the code the service sent, as text (a legacy numeric `1006`). */
  serviceCode?: string;
  /** Free-form reason, never a secret. */
  reason?: string;
  /** Values the translated message for `code` needs (an import error's `{max}`, `{sheet}`...). */
  params?: Record<string, string | number>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Every code a failure may carry across IPC, by name, gathered from the domains' contract files. */
export const APP_ERROR_CODES = {
  ...COMMON_ERRORS,
  ...SERVICE_ERRORS,
  ...APP_ERRORS,
  ...SESSION_ERRORS,
  ...BILLING_ERRORS,
  ...CONTACTS_ERRORS,
  ...IMPORT_ERRORS,
  ...CAMPAIGNS_ERRORS,
  ...RULES_ERRORS,
  ...AUTOMATIONS_ERRORS,
  ...DATA_ERRORS,
  ...SERVER_ERRORS,
  ...INBOX_ERRORS,
  ...PRIVACY_ERRORS,
} as const;

/** The closed union of error codes. */
export type ErrorCode =
  (typeof APP_ERROR_CODES)[keyof typeof APP_ERROR_CODES] | ImportFileErrorCode | `http_${number}`;

const KNOWN: ReadonlySet<string> = new Set(Object.values(APP_ERROR_CODES));

/** True for a code of the union (a string that came from anywhere: the CLI's JSON, a test). */
export const isErrorCode = (code: string): code is ErrorCode =>
  KNOWN.has(code) || /^http_\d{3}$/.test(code) || (IMPORT_FILE_CODES as readonly string[]).includes(code);
