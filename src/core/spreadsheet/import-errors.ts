import type { ImportFileErrorCode } from '../../shared/contract/import';

/**
 * Why a whole file (or a mapping) cannot be imported: a code of the
 * contract's IMPORT_FILE_ERRORS, stable, which the renderer and the CLI
 * translate (see `describeFileError`); the message is a plain English fallback.
 */
export type { ImportFileErrorCode };

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

/** A file over `max` bytes is refused before any of it is read. */
export function refuseOverSize(size: number, max: number): void {
  if (size > max)
    throw new ImportFileError('too_large', `The file is larger than ${max} bytes.`, { size, max });
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
