import { Worker } from 'node:worker_threads';
import { ImportFileError } from '../file';
import {
  rebuildError,
  type WorkerProgress,
  type WorkerReply,
  type WorkerRequest,
  type WorkerResults,
} from './protocol';
import { importWorkerEntry, type WorkerEntry } from './worker-entry';

/**
 * Heap the worker may use. A file that would need more (a hostile one that
 * got past the readers' caps) ends the worker, not the app; it is reported
 * as `too_large`.
 */
export const WORKER_HEAP_MB = 1024;

/**
 * The worker's young generation (V8's nursery). V8 sizes it from the heap
 * limit, and with 1024 MB it grew to ~64 MB during an import: memory the
 * import's short-lived strings and arrays fill between collections, held
 * for the whole import. Most of what an import allocates dies young or
 * lives until the end (the rows), so a small nursery costs no measurable
 * time (8 MB and 16 MB took the same; 8 MB peaked some 6 MB lower).
 */
export const WORKER_YOUNG_MB = 8;

type Op = WorkerRequest['op'];
/** A request without its id; each form of a request kept apart (`open` takes a file or bytes). */
type RequestOf<O extends Op> =
  Extract<WorkerRequest, { op: O }> extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The main thread's handle on one import worker: typed requests that
 * resolve with the worker's answer (or reject with the error it threw,
 * rebuilt), progress callbacks, cancel, and terminate. The worker keeps the
 * process alive only while a request is pending.
 */
export class ImportWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | null = null;
  readonly exited: Promise<void>;

  constructor(onProgress: (p: WorkerProgress) => void, entry: WorkerEntry = importWorkerEntry()) {
    this.worker = new Worker(entry.url, {
      execArgv: entry.execArgv,
      name: 'torpedo-import',
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => {
      if ('op' in reply) return onProgress(reply);
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(rebuildError(reply.error));
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ImportFileError('too_large', 'The file needs more memory than an import may use.')
          : Object.assign(new Error('The import worker failed.'), { name: 'ImportWorkerError' }),
      );
    });
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => {
        this.fail(Object.assign(new Error('The import worker stopped.'), { name: 'ImportWorkerStopped' }));
        resolve();
      });
    });
  }

  request<O extends Op>(
    message: RequestOf<O> & { op: O },
    transfer: ArrayBuffer[] = [],
  ): Promise<WorkerResults[O]> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<WorkerResults[O]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Aborts the request in flight; it rejects with ImportCancelledError once the worker has stopped it. */
  cancel(): void {
    if (!this.stopped) this.worker.postMessage({ op: 'cancel' });
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Ends the thread at once (its database connection closes, rolling back any open transaction). */
  async terminate(): Promise<void> {
    if (!this.stopped) {
      this.fail(Object.assign(new Error('The import was closed.'), { name: 'ImportWorkerStopped' }));
      await this.worker.terminate();
    }
    await this.exited;
  }

  private fail(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
