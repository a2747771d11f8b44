/**
 * Why a whole file (or a mapping) cannot be imported. The code is stable: the
 * renderer and the CLI translate it (see `describeFileError`); the message is
 * a plain English fallback for logs.
 */
export type ImportFileErrorCode =
  | 'empty_file'
  | 'no_data_rows'
  | 'unreadable_file'
  | 'unsupported_format'
  | 'encrypted_file'
  | 'unknown_encoding'
  | 'invalid_delimiter'
  | 'sheet_not_found'
  | 'too_large'
  | 'too_many_rows'
  | 'too_many_columns'
  | 'zip_bomb'
  | 'no_phone_column'
  | 'invalid_mapping';

export type ImportErrorParams = Readonly<Record<string, string | number>>;

export class ImportFileError extends Error {
  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
    readonly params: ImportErrorParams = {},
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** Thrown when the caller's AbortSignal fires; nothing partial is returned. */
export class ImportCancelledError extends Error {
  readonly code = 'import_cancelled';
  constructor() {
    super('The import was cancelled.');
    this.name = 'ImportCancelledError';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImportCancelledError();
}

/**
 * Lets the event loop run (so an abort message posted to a worker thread can
 * arrive), then honours the signal. Called between chunks of work.
 */
export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  throwIfAborted(signal);
  await new Promise<void>((resolve) => setImmediate(resolve));
  throwIfAborted(signal);
}
