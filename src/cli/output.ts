import type { AppError } from '../shared/app-error';
import { describeDataProblem, isDataProblemCode, type DataProblem } from '../shared/data-problem-text';
import type { AppLanguage } from '../shared/app-language';
import { describeConditionProblem, isConditionProblem } from '../shared/segments/condition-problem-text';

/** A failure as the CLI prints it: the core's (AppError), or one of the CLI's own (`usage`, `not_a_file`...). */
export type CliError = Omit<AppError, 'code'> & { code: AppError['code'] | CliErrorCode };
export type CliErrorCode = 'usage' | 'not_a_file' | 'file_not_read' | 'too_large';

/**
 * Where the CLI writes. Everything passes through `redact`, so even a message
 * that somehow quoted the account key could not print it, and `inert`, so no
 * text from the data or the command line (a name with an escape sequence)
 * can drive the terminal.
 */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** The terminal's language, for the sentences said in it (a data folder's troubles). */
  readonly language: AppLanguage;
}

export function createOutput(
  stdout: (text: string) => void,
  stderr: (text: string) => void,
  secrets: () => readonly string[],
  language: AppLanguage = 'en',
): Output {
  const redact = (text: string) => {
    let safe = text;
    for (const secret of secrets()) if (secret.length >= 4) safe = safe.split(secret).join('[redacted]');
    return safe;
  };
  return {
    out: (text) => stdout(inert(redact(text.endsWith('\n') ? text : `${text}\n`))),
    err: (text) => stderr(inert(redact(text.endsWith('\n') ? text : `${text}\n`))),
    language,
  };
}

// Controls but the line break and the tab, and the bidirectional overrides and isolates.
const UNPRINTABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text as it may reach a terminal: each control character shown as its
 * `\uXXXX` escape (also a valid escape inside the JSON the CLI prints),
 * never sent raw.
 */
export const inert = (text: string): string =>
  text.replace(UNPRINTABLE, (c) =>
    c === '\n' || c === '\t' ? c : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );

/**
 * A trouble of the data folder (a full disk, a read-only folder, a damaged
 * file, a newer format...) said in the terminal's language, with the
 * commands that help and the underlying code for support; other errors as
 * the core worded them.
 */
export function inTerminalWords(error: CliError, language: AppLanguage, folder = ''): CliError {
  const condition = conditionInWords(error, language);
  if (condition) return condition;
  if (!isDataProblemCode(error.code)) return error;
  const underlying = error.details?.reason;
  const message = describeDataProblem(error.code, language, folder, 'terminal');
  return { ...error, message: underlying ? `${message} (${underlying})` : message };
}

/** A segment condition's problem (the core's `reason` and `params`), said again in the terminal's language. */
function conditionInWords(error: CliError, language: AppLanguage): CliError | null {
  const { reason, params, fields } = error.details ?? {};
  if (!isConditionProblem(reason) || !params || !fields?.[0]?.field.startsWith('conditions.')) return null;
  const message = describeConditionProblem(
    reason,
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    language,
  );
  return {
    ...error,
    message,
    details: {
      ...error.details,
      fields: fields.map((f) => (f.message === error.message ? { ...f, message } : f)),
    },
  };
}

/** A trouble of the data folder as an error (`reason`: what SQLite or the system said), in English words. */
export const dataProblemError = (problem: DataProblem, folder: string): AppError => ({
  code: problem.code,
  message: describeDataProblem(problem.code, 'en', folder, 'terminal'),
  details: { reason: problem.underlying },
});

export const printJson = (output: Output, value: unknown) => output.out(JSON.stringify(value, null, 2));

/** A core error as the CLI shows it: JSON on stdout with --json, else a line on stderr. */
export function printError(output: Output, raw: CliError, json: boolean, folder = ''): void {
  const error = inTerminalWords(raw, output.language, folder);
  const fields = error.details?.fields;
  // A code the service sent that Torpedo does not know (`service_refused`): printed beside it.
  const serviceCode = error.details?.serviceCode;
  if (json) {
    printJson(output, {
      error: {
        code: error.code,
        ...(serviceCode ? { serviceCode } : {}),
        message: error.message,
        ...(fields ? { fields } : {}),
      },
    });
    return;
  }
  output.err(`Error (${error.code}${serviceCode ? ` ${serviceCode}` : ''}): ${error.message}`);
  for (const f of fields ?? []) output.err(`  ${f.field}: ${f.message}`);
}

export const brl = (reais: number) => `R$ ${reais.toFixed(2)}`;
