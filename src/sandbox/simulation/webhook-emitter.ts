/**
 * Delivers signed events: POST with `X-SMSGo-Signature`, a short time limit,
 * a few retries with backoff, a bounded number in flight. It never blocks a
 * request and never throws: a failed delivery is logged and dropped.
 */
import { signWebhookBody } from '../../shared/webhook/signature';
import { HEADERS } from '../../core/api/wire';

export interface DeliveryResult {
  delivered: boolean;
  status: number | null;
  latencyMs: number;
  error?: string;
}

export const EMITTER_DEFAULTS = {
  concurrency: 8,
  timeoutMs: 5_000,
  /** Waits before the 2nd, 3rd and 4th attempts. */
  backoffMs: [250, 1_000, 4_000] as readonly number[],
  maxQueued: 100_000,
};

interface Job {
  url: string;
  rawBody: string;
  /** Signed with the one signer of src/shared (Web Crypto: async). */
  secret: string;
  /** The signature, made in the order the events were queued (see `enqueue`). */
  signed: Promise<string>;
  attempt: number;
}

/** What a delivery the sandbox was told not to make answers (SandboxOptions.localWebhooksOnly). */
export const NOT_LOCAL = 'not delivered: this sandbox only delivers to addresses on this computer';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const isLocal = (url: string): boolean => {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
};

const retryable = (status: number | null) =>
  status === null || status === 408 || status === 429 || status >= 500;

export class WebhookEmitter {
  private readonly queue: Job[] = [];
  private head = 0;
  private active = 0;
  private waiting = 0;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly controllers = new Set<AbortController>();
  private idleWaiters: (() => void)[] = [];
  /** The last queued event's signature: each waits for the one before, so events leave in order. */
  private lastSigned: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly log: (line: string) => void,
    private readonly options = EMITTER_DEFAULTS,
    /** The demo's promise, "nothing leaves this computer": events go to loopback addresses only. */
    private readonly localOnly = false,
  ) {}

  enqueue(url: string, rawBody: string, secret: string): void {
    if (this.closed) return;
    if (this.localOnly && !isLocal(url)) {
      this.log(`webhook: ${NOT_LOCAL}`);
      return;
    }
    if (this.queue.length - this.head >= this.options.maxQueued) {
      this.log(`webhook: queue full, dropped an event for ${url}`);
      return;
    }
    // Signing is async; chained, an event's POST never starts before the one queued before it.
    const signed = this.lastSigned.then(() => signWebhookBody(rawBody, secret));
    this.lastSigned = signed.catch(() => undefined);
    this.queue.push({ url, rawBody, secret, signed, attempt: 0 });
    this.pump();
  }

  /** One attempt, awaited: for "send a test event". */
  async deliverOnce(url: string, rawBody: string, secret: string): Promise<DeliveryResult> {
    if (this.localOnly && !isLocal(url)) {
      return { delivered: false, status: null, latencyMs: 0, error: NOT_LOCAL };
    }
    return this.attempt(url, rawBody, await signWebhookBody(rawBody, secret));
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.controllers) c.abort();
    this.queue.length = 0;
    this.head = 0;
    this.waiting = 0;
    this.notifyIdle(true);
  }

  private isIdle(): boolean {
    return this.active === 0 && this.waiting === 0 && this.head >= this.queue.length;
  }

  private notifyIdle(force = false): void {
    if (!force && !this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private pump(): void {
    while (!this.closed && this.active < this.options.concurrency && this.head < this.queue.length) {
      const job = this.queue[this.head++]!;
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      this.active++;
      void this.run(job);
    }
    this.notifyIdle();
  }

  private async run(job: Job): Promise<void> {
    const result = await this.attempt(job.url, job.rawBody, await job.signed);
    this.active--;
    if (!result.delivered && !this.closed) {
      const wait = this.options.backoffMs[job.attempt];
      if (wait !== undefined && retryable(result.status)) {
        this.retryLater({ ...job, attempt: job.attempt + 1 }, wait);
      } else {
        this.log(
          `webhook: gave up on ${job.url} after ${job.attempt + 1} attempt(s): ${result.error ?? result.status}`,
        );
      }
    }
    this.pump();
  }

  private retryLater(job: Job, wait: number): void {
    this.waiting++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting--;
      if (this.closed) return;
      this.queue.push(job);
      this.pump();
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(url: string, rawBody: string, signature: string): Promise<DeliveryResult> {
    const started = performance.now();
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(() => controller.abort(new Error('timed out')), this.options.timeoutMs);
    timer.unref();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'SMSGo-Sandbox/1.0',
          [HEADERS.signature]: signature,
        },
        body: rawBody,
        signal: controller.signal,
        redirect: 'manual',
      });
      await res.arrayBuffer().catch(() => undefined);
      const latencyMs = Math.round(performance.now() - started);
      if (res.status >= 200 && res.status < 300) return { delivered: true, status: res.status, latencyMs };
      return { delivered: false, status: res.status, latencyMs, error: `HTTP ${res.status}` };
    } catch (err) {
      const cause =
        err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      return {
        delivered: false,
        status: null,
        latencyMs: Math.round(performance.now() - started),
        error: cause,
      };
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
  }
}
