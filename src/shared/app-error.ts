/**
 * The one error shape that crosses IPC. Electron's `ipcMain.handle` keeps only
 * an Error's message, so failures travel as values: `{ ok: false, error }`.
 * `code` is stable (the service's own code such as `insufficient_balance`, or
 * one of ours below); `message` is an English fallback: the renderer shows
 * the translated text for the code when it has one.
 */
export interface AppError {
  code: string;
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
  /** Free-form reason, never a secret. */
  reason?: string;
  /** Values the translated message for `code` needs (an import error's `{max}`, `{sheet}`...). */
  params?: Record<string, string | number>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Codes produced by Torpedo itself (the service's codes are in core/api/wire.ts). */
export const APP_ERROR_CODES = {
  invalidInput: 'invalid_input',
  unknownChannel: 'unknown_channel',
  notSignedIn: 'not_signed_in',
  keychainUnavailable: 'keychain_unavailable',
  databaseTooNew: 'database_too_new',
  networkError: 'network_error',
  invalidResponse: 'invalid_response',
  internal: 'internal_error',
  /** The host could not write the file the user chose (permissions, disk full, name taken). */
  fileNotSaved: 'file_not_saved',
  /** A contact or list that does not exist in the signed-in profile (or was deleted). */
  notFound: 'not_found',
  /** A delete that can no longer be undone: its undo token is unknown, expired, or a newer delete replaced it. */
  undoExpired: 'undo_expired',
  /** The host brought no demo (a build without the sandbox). */
  demoUnavailable: 'demo_unavailable',
  /** Campaign delivery: pause, resume or cancel of a campaign that is a draft or already finished. */
  campaignNotActive: 'campaign_not_active',
  /** Campaign composer: editing or sending a campaign already sent, or deleting one still sending. */
  campaignNotDraft: 'campaign_not_draft',
  /** Campaign composer: Send with nobody left to send to (after opt-outs and duplicates). */
  noRecipients: 'no_recipients',
  /** Campaign composer: a merged message longer than the service takes (params: count, first). */
  messageTooLong: 'message_too_long',
} as const;
