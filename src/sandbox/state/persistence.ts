/**
 * Optional persistence (`dbFile`): the whole state as one JSON snapshot,
 * loaded at start and written atomically (temp file, then rename) at most
 * every `THROTTLE_MS` after a change, and once more on close.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StateSnapshot } from './state';

export interface Snapshot extends StateSnapshot {
  version: 1;
  seed: number;
  clockOffsetMs: number;
  savedAt: string;
}

export const THROTTLE_MS = 250;

export function loadSnapshot(file: string): Snapshot | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const data = JSON.parse(text) as Snapshot;
  if (data.version !== 1)
    throw new Error(`${file}: unknown sandbox snapshot version ${String(data.version)}`);
  return data;
}

export class SnapshotWriter {
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private tmpCounter = 0;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => Snapshot,
    private readonly log: (line: string) => void,
  ) {
    // The demo's state lives in the app's data folder, which is its owner's only (0700/0600).
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  }

  markDirty(): void {
    this.dirty = true;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, THROTTLE_MS);
    this.timer.unref();
  }

  /** Writes now if anything changed, waiting for a write already under way. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing) await this.writing;
    if (this.dirty) await this.write();
  }

  /** For exit paths that cannot wait: a synchronous, still atomic, write. */
  flushSync(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const tmp = this.tmpName();
    writeFileSync(tmp, JSON.stringify(this.snapshot()), { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  private tmpName(): string {
    return `${this.file}.${process.pid}.${++this.tmpCounter}.tmp`;
  }

  private write(): Promise<void> {
    this.dirty = false;
    const tmp = this.tmpName();
    const text = JSON.stringify(this.snapshot());
    this.writing = writeFile(tmp, text, { mode: 0o600 })
      .then(() => rename(tmp, this.file))
      .catch((err: unknown) => this.log(`persistence: could not write ${this.file}: ${String(err)}`))
      .finally(() => {
        this.writing = null;
        if (this.dirty) this.markDirty();
      });
    return this.writing;
  }
}
