import type { AppError } from '../shared/app-error';
import { describeDataProblem, isDataProblemCode, type DataProblem } from '../shared/data-problem-text';
import type { AppLanguage } from '../shared/app-language';
import { describeConditionProblem, isConditionProblem } from '../shared/segments/condition-problem-text';

/** A failure as the CLI prints it: the core's (AppError), or one of the CLI's own (`usage`, `not_a_file`...). */
export type CliError = Omit<AppError, 'code'> & { code: AppError['code'] | CliErrorCode };
export type CliErrorCode = 'usage' | 'not_a_file' | 'file_not_read' | 'too_large';

/**
 * Where the CLI writes. Everything passes through `redact`, so even a message
 * that somehow quoted the account key could not print it.
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
    out: (text) => stdout(redact(text.endsWith('\n') ? text : `${text}\n`)),
    err: (text) => stderr(redact(text.endsWith('\n') ? text : `${text}\n`)),
    language,
  };
}

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
