import { readFile, stat } from 'node:fs/promises';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '../shared/contract/import';
import type { CliError } from './output';

/**
 * A file given on the command line, read whole for `import:open` (the same
 * cap as the window's): its bytes and its own date (when it was last
 * changed), or why not, in the CLI's own codes.
 */
export async function readInputFile(
  file: string,
): Promise<{ bytes: Uint8Array; modified: Date } | { error: CliError }> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { error: { code: 'not_a_file', message: 'It is not a file.' } };
    if (info.size > IMPORT_MAX_BYTES) return { error: { code: 'too_large', message: IMPORT_TOO_LARGE } };
    return { bytes: new Uint8Array(await readFile(file)), modified: info.mtime };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    return { error: { code: 'file_not_read', message: `The file could not be read (${code}).` } };
  }
}
