/**
 * The real core on a real data folder, signed into a real sandbox over HTTP,
 * with the purchase's waits shortened (reconciliation and payment watch) so
 * the tests run in seconds. Every test gets its own sandbox and account.
 */
import { randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import type { Result } from '@shared/app-error';
import type { PurchaseAttemptView, PurchaseOutcomeView } from '@shared/dto';
import type { EventName } from '@shared/ipc-contract';
import type { EventPayloads } from '@shared/ipc-contract';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import type { PurchaseTimings } from '@core/billing/purchase/purchase-service';
import type { IdleProbeTimings } from '@core/connectivity/idle-probe';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { SecretStore } from '@core/secrets/secret-store';
import {
  demoService,
  startSandbox,
  type FaultRule,
  type Ledger,
  type Sandbox,
} from '../../../src/sandbox/index';
import { createRecordingHost, type RecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

export const FAST_TIMINGS: PurchaseTimings = {
  reconcile: { readAtMs: [40, 120], clockSkewMs: 120_000 },
  processing: { delaysMs: [20, 40, 80], giveUpAfterMs: 10_000 },
};

export const newKey = (label: string): string => `test_${label}_${randomUUID().replaceAll('-', '')}`;

export function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

export interface SandboxAdmin {
  sb: Sandbox;
  url: string;
  faults(rules: FaultRule[]): Promise<void>;
  clearFaults(): Promise<void>;
  ledger(key: string): Ledger;
  advanceClock(ms: number): void;
}

export async function useSandbox(): Promise<SandboxAdmin> {
  const sb = await startSandbox({ port: 0, seed: 3 });
  onTestFinished(() => sb.close());
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sb.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
  };
  return {
    sb,
    url: sb.url,
    faults: (rules) => admin('POST', '/__sandbox/faults', { rules }),
    clearFaults: () => admin('DELETE', '/__sandbox/faults'),
    ledger: (key) => sb.ledger(key),
    advanceClock: (ms) => sb.advanceClock(ms),
  };
}

export interface CoreUnderTest {
  core: Core;
  host: RecordingHost;
  dataDir: string;
  store: SecretStore;
  events: { event: EventName; payload: unknown }[];
  of<E extends EventName>(event: E): EventPayloads[E][];
  close(): Promise<void>;
}

export async function startCore(
  opts: {
    dataDir?: string;
    store?: SecretStore;
    host?: RecordingHost;
    timings?: Partial<PurchaseTimings>;
    demo?: boolean;
    idleProbe?: IdleProbeTimings;
  } = {},
): Promise<CoreUnderTest> {
  const dataDir = opts.dataDir ?? tempDir();
  const store = opts.store ?? createMemorySecretStore();
  const host = opts.host ?? createRecordingHost('en-US');
  const events: { event: EventName; payload: unknown }[] = [];
  const core = await createCore({
    demo: demoService,
    dataDir,
    host,
    secretStore: store,
    demoWhenSignedOut: opts.demo ?? false,
    billingTimings: opts.timings ?? FAST_TIMINGS,
    ...(opts.idleProbe ? { idleProbe: opts.idleProbe } : {}),
  });
  core.onEvent((event, payload) => events.push({ event, payload }));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await core.close();
  };
  onTestFinished(close);
  return {
    core,
    host,
    dataDir,
    store,
    events,
    of: <E extends EventName>(event: E) =>
      events.filter((e) => e.event === event).map((e) => e.payload as EventPayloads[E]),
    close,
  };
}

/** A core signed into a fresh account of `sandbox`. */
export async function signedIn(
  sandbox: SandboxAdmin,
  label = 'buy',
  opts: Parameters<typeof startCore>[0] = {},
) {
  const key = newKey(label);
  const c = await startCore(opts);
  value(await c.core.dispatch('session:signIn', { accountKey: key, baseUrl: sandbox.url }));
  return { ...c, key };
}

// Background work (payment watch, start-up reconciliation) is awaited with test/support's poll.
export { eventually } from '../../support/eventually';

/** Buys through the core as the window does, unwrapping the outcome. */
export const buy = async (c: CoreUnderTest, input: Record<string, unknown>) =>
  value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', input));

/** The current or last purchase attempt, as `credits:attempt` shows it. */
export const attempt = async (c: CoreUnderTest) =>
  value<PurchaseAttemptView | null>(await c.core.dispatch('credits:attempt', {}));
