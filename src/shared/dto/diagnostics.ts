/** What the support channels answer. */

/** A warning or error from the log, as the diagnostics list it (already scrubbed). */
export interface DiagnosticsProblem {
  time: string;
  level: 'warn' | 'error';
  src: string;
  event: string;
  code?: string;
  reason?: string;
}

export interface DiagnosticsView {
  /** Plain text, for pasting into an e-mail or a support chat. */
  text: string;
  version: string;
  os: string;
  dataFolder: string;
  logFolder: string;
  /** The data's format; null when it could not be read (a damaged file, a folder that cannot be read). */
  schemaVersion: number | null;
  /** The format this version needs (differs from `schemaVersion` only after a failed update). */
  schemaExpected: number;
  /** The outbox's batches by state (`queued`, `sending`, `accepted`, `held`, `failed`, `cancelled`). */
  outbox: Record<string, { batches: number; messages: number }>;
  problems: DiagnosticsProblem[];
}
