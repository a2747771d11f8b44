import type { AppError } from '../shared/app-error';

/**
 * Where the CLI writes. Everything passes through `redact`, so even a message
 * that somehow quoted the account key could not print it.
 */
export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export function createOutput(
  stdout: (text: string) => void,
  stderr: (text: string) => void,
  secrets: () => readonly string[],
): Output {
  const redact = (text: string) => {
    let safe = text;
    for (const secret of secrets()) if (secret.length >= 4) safe = safe.split(secret).join('[redacted]');
    return safe;
  };
  return {
    out: (text) => stdout(redact(text.endsWith('\n') ? text : `${text}\n`)),
    err: (text) => stderr(redact(text.endsWith('\n') ? text : `${text}\n`)),
  };
}

export const printJson = (output: Output, value: unknown) => output.out(JSON.stringify(value, null, 2));

/** A core error as the CLI shows it: JSON on stdout with --json, else a line on stderr. */
export function printError(output: Output, error: AppError, json: boolean): void {
  const fields = error.details?.fields;
  if (json) {
    printJson(output, { error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) } });
    return;
  }
  output.err(`Error (${error.code}): ${error.message}`);
  for (const f of fields ?? []) output.err(`  ${f.field}: ${f.message}`);
}

export const brl = (reais: number) => `R$ ${reais.toFixed(2)}`;
