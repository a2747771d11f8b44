import type { ContactsRepo } from '../contacts-repo';

/**
 * A thread that indexes the backlog on a connection of its own (the
 * import's worker thread, which compose-core.ts brings from import-module.ts).
 */
export interface IndexThread {
  request(message: { op: 'index'; dbFile: string }): Promise<unknown>;
  terminate(): Promise<void>;
}

export interface SearchCatchUpOptions {
  repo: ContactsRepo;
  /** torpedo.db: the catch-up opens its own connection to it, in a worker thread. */
  dbFile: string;
  /** Starts that thread (tests replace it). */
  startWorker: () => IndexThread;
  /** Told when the thread failed and the catch-up ran here instead. */
  onWorkerFailure?: (error: unknown) => void;
}

/** Rounds of catch-up one wait runs before doing it on this thread (an import may commit during one). */
const ROUNDS = 3;

/**
 * Search's side of the deferred index (search-index.ts): a large import
 * commits its contacts unindexed, then `start()` indexes them in a worker
 * thread, and every reader of the index (search, list counts) awaits
 * `ready()` first. That finds nothing to do at the cost of one query, and
 * otherwise joins the catch-up in flight, or starts one: an import the app
 * quit before indexing, or one the CLI made while the app was running.
 *
 * If the thread cannot do it, it runs here (a second or so on this thread,
 * rather than search missing contacts).
 */
export class SearchCatchUp {
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly o: SearchCatchUpOptions) {}

  /**
   * After an import: begin now, so the index is ready by the time someone
   * searches. `indexThere` runs the catch-up in the import's own worker
   * thread, whose file and rows are gone by then: a second thread would
   * add its own heap to the import's peak memory.
   */
  start(indexThere?: () => Promise<unknown>): void {
    void this.ready(indexThere).catch(() => undefined);
  }

  /** Resolves once every contact is in the search index. */
  ready(indexThere?: () => Promise<unknown>): Promise<void> {
    if (this.running) return this.running;
    if (!this.o.repo.searchBehind()) return Promise.resolve();
    const run = this.catchUp(indexThere).finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  /**
   * The app or the CLI is closing: no new round starts, and the one in
   * flight ends (or is cut short with its thread: the backlog stays, for
   * the next search).
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
  }

  private async catchUp(indexThere?: () => Promise<unknown>): Promise<void> {
    // The import's thread may be closed under it (the user closed the import): then a thread of ours.
    if (indexThere) await indexThere().catch(() => undefined);
    for (let round = 0; round < ROUNDS && !this.closed && this.o.repo.searchBehind(); round++) {
      try {
        await this.inWorker();
      } catch (error) {
        this.o.onWorkerFailure?.(error);
        break;
      }
    }
    if (!this.closed && this.o.repo.searchBehind()) this.o.repo.indexBacklog();
  }

  private async inWorker(): Promise<void> {
    const worker = this.o.startWorker();
    try {
      await worker.request({ op: 'index', dbFile: this.o.dbFile });
    } finally {
      await worker.terminate();
    }
  }
}
