import type { ChannelName } from '../../shared/ipc-contract';
import type { AccountService } from '../account/account-service';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { Database } from '../db/open-database';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { SettingsRepo } from '../db/settings-repo';
import type { EventHub } from './event-hub';
import type { Handlers } from './handlers';
import type { Host } from './host';
import type { Log } from '../log/log';
import type { SessionManager } from '../session/session-manager';

/** What shared-parts.ts opens and compose-core.ts hands every domain module: the shared parts of one core. */
export interface ModuleDeps {
  dataDir: string;
  /** The path of torpedo.db (for a worker thread or a second connection). */
  dbFile: string;
  db: Database;
  settings: SettingsRepo;
  cache: ServiceCacheRepo;
  session: SessionManager;
  account: AccountService;
  connectivity: ConnectivityMonitor;
  events: EventHub;
  host: Host;
  /** The log file (scrubbed: no keys, tokens, phone numbers or message texts reach it). */
  log: Log;
  now: () => Date;
  /** The language for notifications and files written for the user. */
  language: () => 'pt-BR' | 'en';
  /**
   * The profile whose local data the channels act on: the signed-in one; for
   * a local-only core (the CLI's local commands) the folder's last one.
   * Throws `not_signed_in` otherwise.
   */
  profile: () => string;
  /** True for the CLI's local-only core: no sign-in, no background work. */
  localOnly: boolean;
}

/**
 * A domain of the core (campaigns, history, sync, ...): its channels'
 * handlers and its part in the core's life cycle. compose-core.ts builds each
 * one from ModuleDeps, merges the handlers and calls the hooks.
 */
export interface CoreModule<C extends ChannelName> {
  handlers: Pick<Handlers, C>;
  /** After the saved session is restored: start background work (a worker, a sync). */
  start?(): void;
  /**
   * Stop that background work, letting what is in flight settle and be
   * recorded (Core.stopBackground, and first thing on close). Reads of the
   * local data keep answering.
   */
  stop?(): Promise<void>;
  /** Sign-out with "delete local data": forget everything kept for this profile. */
  clearProfile?(profile: string): void;
  /** Release what is left once every module has stopped; the database closes right after. */
  close?(): Promise<void>;
}

/** A module's part in the core's life cycle, whatever its channels. */
export type ModuleLifecycle = Omit<CoreModule<never>, 'handlers'>;

/** Any domain's module, whatever its channels. */
export type AnyModule = ModuleLifecycle & { handlers: Partial<Handlers> };

/** The channels a list of modules serves between them. */
type Served<M> = M extends AnyModule ? keyof M['handlers'] : never;

/**
 * The one handler table of the core, from the one list of its modules.
 * Compiles only when the modules serve every channel of the contract (a
 * domain left out is a type error naming the channels it would serve), and
 * refuses at start a channel served twice.
 */
export function mergeHandlers<const M extends readonly AnyModule[]>(
  modules: [Exclude<ChannelName, Served<M[number]>>] extends [never]
    ? M
    : { missing: Exclude<ChannelName, Served<M[number]>> },
): Handlers {
  const handlers: Record<string, unknown> = {};
  for (const module of modules as readonly AnyModule[]) {
    for (const [channel, handler] of Object.entries(module.handlers)) {
      if (channel in handlers) throw new Error(`The channel ${channel} is served by two modules.`);
      handlers[channel] = handler;
    }
  }
  return handlers as Handlers;
}
