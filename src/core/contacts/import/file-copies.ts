import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A copy left behind this long (the app killed between writing it and its worker opening it) is swept. */
const STALE_MS = 24 * 60 * 60_000;

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

  /** Writes the bytes (or base64 text, from a JSON-only bridge) to a new file of their own; returns its path. */
  async write(data: Uint8Array | string): Promise<{ file: string; size: number }> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : data;
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, `${randomUUID()}.import`);
    await fs.promises.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    return { file, size: bytes.byteLength };
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
