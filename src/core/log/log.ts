/**
 * The core's log: one structured line per thing worth knowing later (a
 * failure, a batch sent, a migration), written to a rotating file in the
 * data folder (open-log.ts). Every field goes through scrub.ts before it is
 * written, so a careless caller still cannot put a key, a token, a phone
 * number or a message's text in the file.
 */
import type { DiagnosticsProblem } from '../../shared/dto';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What a line says besides its event name: ids, counts, codes; never personal data. */
export type LogFields = Record<string, unknown>;

/** A warning or error as kept for "Copiar diagnóstico" (already scrubbed); `src`: `core`, `main`, `cli`. */
export type LogProblem = DiagnosticsProblem;

export interface Log {
  /** The folder holding the log files ("Abrir pasta de registros"). */
  readonly dir: string;
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** The same file, each line marked as coming from `src` (main's lines beside the core's). */
  child(src: string): Log;
  /**
   * Values taken out of every line from now on, wherever they appear: the
   * signed-in account's key and token, asked for at each write (they change
   * on sign-in and renewal).
   */
  protect(secrets: () => readonly string[]): void;
  /** The last warnings and errors, oldest first: this run's and the previous runs' still in the file. */
  recentProblems(): readonly LogProblem[];
  /** Writes what is pending and closes the file (the root log only; a child's close does nothing). */
  close(): Promise<void>;
}
