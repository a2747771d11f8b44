import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A copy left behind this long (the app killed between writing it and its worker opening it) is swept. */
const STALE_MS = 24 * 60 * 60_000;

/** ES2024's ArrayBuffer transfer, which this project's TypeScript library (ES2023) does not declare yet. */
type Transferable = ArrayBuffer & { detached?: boolean; transfer?: (length: number) => ArrayBuffer };

/** Below this a file's bytes are left to the garbage collector like any other value. */
const RELEASE_FROM_BYTES = 1024 * 1024;

/**
 * Gives a large file's memory back now rather than at the next full garbage
 * collection: the thread that received the bytes (main, over IPC) does
 * little else during an import, so a collection could be minutes away, and
 * a million-contact CSV (53 MB) would stay in memory through the whole
 * import. Detaching the array's buffer frees its store at once. Only an
 * array that owns its whole buffer qualifies, never a slice of a buffer
 * shared with other values (Node's pool).
 */
export function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer as Transferable;
  if (!(buffer instanceof ArrayBuffer) || buffer.detached || typeof buffer.transfer !== 'function') return;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return;
  if (bytes.byteLength < RELEASE_FROM_BYTES) return;
  buffer.transfer(0);
}

/**
 * The files being imported, copied into the data folder for their worker
 * to read a piece at a time: the window hands the import a file's bytes,
 * and holding those for the whole import (a reading for the preview, one
 * for the plan) made its memory grow with the file. The worker deletes its
 * copy as soon as it has it open (import-job.ts), so a copy lives on disk
 * only for that moment; the data folder, not the system's temporary
 * folder, because a contact list is the user's data.
 */
export class FileCopies {
  constructor(private readonly dir: string) {}

  /**
   * Writes the bytes (or base64 text, from a JSON-only bridge) to a new file of their own; returns its
   * path. The bytes are the import's from then on: once on disk, their memory is given back at once
   * (`release`), which the caller must not read again.
   */
  async write(data: Uint8Array | string): Promise<{ file: string; size: number }> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : data;
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, `${randomUUID()}.import`);
    await fs.promises.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    const size = bytes.byteLength;
    release(bytes);
    return { file, size };
  }

  /** Deletes a copy (normally its worker did already). */
  async remove(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true }).catch(() => undefined);
  }

  /** Deletes copies left behind by an app that ended before its worker opened them. */
  sweep(now = Date.now()): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith('.import')) continue;
      const file = path.join(this.dir, name);
      try {
        if (now - fs.statSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { force: true });
      } catch {
        // Gone meanwhile, or in use: the next start tries again.
      }
    }
  }
}
