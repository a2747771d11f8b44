/**
 * startSandbox(): the local SMSGo service on plain node:http. Owns the
 * listening socket, every open connection, the progression ticker and the
 * persistence writer, and closes all of them promptly.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ledgerOf, type Ledger } from './state/ledger';
import { loadSnapshot, SnapshotWriter } from './state/persistence';
import { Pipeline } from './http/pipeline';
import { Router } from './http/router';
import { registerAccount } from './routes/account';
import { registerAdmin } from './routes/admin';
import { registerAuth } from './routes/auth';
import { registerBilling } from './routes/billing';
import { registerContacts } from './routes/contacts';
import { registerLists } from './routes/lists';
import { registerShortLinks } from './routes/short-links';
import { registerSmsRead } from './routes/sms-read';
import { registerSmsSend } from './routes/sms-send';
import { TimerSet } from './simulation/timers';
import { World } from './world';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seeds ids, secrets, message fates and fault probabilities. Default 1. */
  seed?: number;
  /** JSON snapshot file: loaded at start, written after changes and on close. */
  dbFile?: string;
  log?: (line: string) => void;
  /** Deliver webhook events only to addresses on this computer (the demo: nothing leaves it). */
  localWebhooksOnly?: boolean;
}

export interface Sandbox {
  /** e.g. `http://127.0.0.1:51234`, no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
  advanceClock(ms: number): void;
  ledger(key: string): Ledger;
}

export const DEFAULT_SEED = 1;
/** How often message status changes are looked for (and their events sent). */
export const TICK_MS = 250;

function buildRouters(world: World): { api: Router; admin: Router } {
  const api = new Router();
  for (const register of [
    registerAuth,
    registerSmsSend,
    registerSmsRead,
    registerAccount,
    registerBilling,
    registerContacts,
    registerLists,
    registerShortLinks,
  ]) {
    register(api, world);
  }
  const admin = new Router();
  registerAdmin(admin, world);
  return { api, admin };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  const snapshot = options.dbFile ? loadSnapshot(options.dbFile) : null;
  const world = new World(options.seed ?? DEFAULT_SEED, log, snapshot, options.localWebhooksOnly);
  const writer = options.dbFile ? new SnapshotWriter(options.dbFile, () => world.snapshot(), log) : null;
  const markDirty = () => writer?.markDirty();
  world.onChange = markDirty;

  const { api, admin } = buildRouters(world);
  const timers = new TimerSet();
  const pipeline = new Pipeline(world, api, admin, timers, markDirty, log);
  const server = createServer((req, res) => {
    pipeline.handle(req, res).catch((err: unknown) => {
      log(`request failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      res.destroy();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  world.baseUrl = url;

  const ticker = setInterval(() => world.tick(), TICK_MS);
  ticker.unref();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(ticker);
      timers.clear();
      world.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await closed;
      await writer?.flush();
    })());

  return {
    url,
    port,
    close,
    advanceClock: (ms: number) => world.advance(ms),
    ledger: (key: string) => ledgerOf(world.state.find(key), world.clock.now()),
  };
}
