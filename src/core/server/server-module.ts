import { APP_ERROR_CODES } from '../../shared/app-error';
import type { ServerChannel } from '../../shared/contract/server';
import type { ServerStatusView } from '../../shared/dto/server';
import type { AccountModule } from '../account/account-module';
import { AppFailure } from '../app-failure';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import type { HistoryModule } from '../history/history-module';
import type { InboxIntake } from '../inbox/inbox-module';
import type { LinksModule } from '../links/links-module';
import { createRefreshLoop } from '../refresh-loop';
import { createConnectionRepo, type ServerConnection } from './connection-repo';
import { createDeviceTokens } from './device-token';
import { createServerClient, type ServerClient } from './server-client';
import { serverFailure } from './server-failures';
import { createServerPairing } from './server-pairing';
import { createServerSync } from './server-sync';

export const SERVER_TIMINGS = {
  /**
   * How often the server's events are read while online and connected: a reply reaches
   * Respostas within about this long (bench:server's p95). One small request each time.
   */
  backgroundEveryMs: 2_000,
} as const;

export interface ServerModuleParts {
  account: Pick<AccountModule, 'webhooks' | 'knownWebhookUrl'>;
  history: Pick<HistoryModule, 'applyPushed'>;
  links: Pick<LinksModule, 'applyPushed'>;
  /** The inbox domain's intake of replies (and SAIR). */
  intake: InboxIntake;
  /** Unread conversations in Respostas, for the status; the inbox domain's. */
  unread?: (profile: string) => number;
  /** Tests: the client of a server address. */
  clientOf?: (url: string) => ServerClient;
}

export interface ServerModule extends CoreModule<ServerChannel> {
  /** Whether this profile is connected to a server (the inbox says whether replies are read). */
  connected(profile: string): boolean;
}

/**
 * Torpedo Server from the desktop: pairing this computer (the token in the
 * keychain, the account's webhook pointed at the server and back), its
 * status, reading its events (replies to the inbox, delivery reports and
 * clicks to the reports), in the background every few seconds while online.
 */
export function createServerModule(
  deps: Pick<
    ModuleDeps,
    'db' | 'session' | 'account' | 'connectivity' | 'events' | 'log' | 'now' | 'profile' | 'localOnly'
  >,
  parts: ServerModuleParts,
): ServerModule {
  const connections = createConnectionRepo(deps.db);
  const tokens = createDeviceTokens(() => deps.session.keychain());
  deps.log.protect(() => tokens.known());
  const clientOf = parts.clientOf ?? ((url: string) => createServerClient(url));
  const pairing = createServerPairing({
    session: deps.session,
    account: deps.account,
    webhooks: parts.account.webhooks,
    connections,
    tokens,
    now: deps.now,
    clientOf,
  });

  function statusOf(profile: string): ServerStatusView {
    const c: ServerConnection | null = connections.get(profile);
    // The account's webhook as last read or set: whether it still points here (unknown: never read).
    const known = parts.account.knownWebhookUrl(profile);
    return {
      connected: c !== null,
      url: c?.url ?? null,
      deviceName: c?.deviceName ?? null,
      hookUrl: c?.hookUrl ?? null,
      previousWebhookUrl: c?.previousWebhook ?? null,
      webhookPointsHere: c === null || known === undefined ? null : known === c.hookUrl,
      sync: { at: c?.syncedAt ?? null, error: c?.syncError ?? null },
      unread: c ? (parts.unread?.(profile) ?? 0) : 0,
    };
  }
  const announce = (profile: string) => deps.events.emit('server:status', statusOf(profile));

  const reader = createServerSync({
    db: deps.db,
    connections,
    tokens,
    intake: parts.intake,
    statuses: parts.history,
    clicks: parts.links,
    now: deps.now,
    clientOf,
    onApplied: (_profile, page) => {
      if (page.statuses.applied > 0) {
        deps.events.emit('history:updated', {
          sendIds: page.statuses.sendIds,
          campaignIds: page.statuses.campaignIds,
        });
      }
      if (page.clicks.added > 0) {
        deps.events.emit('links:clicked', {
          linkIds: page.clicks.linkIds,
          campaignIds: page.clicks.campaignIds,
        });
      }
    },
  });

  async function sync(profile: string) {
    const before = connections.get(profile);
    const outcome = await reader.sync(profile);
    const after = connections.get(profile);
    if (before?.syncedAt !== after?.syncedAt || before?.syncError !== after?.syncError) announce(profile);
    return outcome;
  }

  const loop = createRefreshLoop({
    everyMs: SERVER_TIMINGS.backgroundEveryMs,
    tick: async () => {
      const profile = deps.session.profile;
      if (profile === null || deps.connectivity.current.state === 'offline') return;
      if (!connections.get(profile)) return;
      await sync(profile);
    },
    onError: (error) => deps.log.warn('server.syncFailed', { error }),
  });

  const signedIn = () => {
    const profile = deps.session.profile;
    if (profile === null) throw new AppFailure(APP_ERROR_CODES.notSignedIn, 'Sign in first.');
    return profile;
  };
  const connectedOrFail = (profile: string) => {
    const c = connections.get(profile);
    if (!c) throw new AppFailure(APP_ERROR_CODES.notConnected, 'This computer is not connected to a server.');
    return c;
  };

  // The token is gone (a memory-only session restarted, the keychain entry removed): pair again.
  const notKnownThere = () =>
    new AppFailure(
      APP_ERROR_CODES.serverRefused,
      'The server no longer knows this computer: connect again.',
      {
        params: { code: 'unauthorized' },
      },
    );

  const handlers: Pick<Handlers, ServerChannel> = {
    'server:status': async () => statusOf(deps.profile()),
    'server:connect': async (input) => {
      await pairing.connect(input);
      const profile = signedIn();
      announce(profile);
      deps.log.info('server.connected', { workspaceId: connections.get(profile)?.workspaceId });
      // What the shop's server already holds comes in now, not at the next tick (the background
      // loop's owner: not in the CLI's local core, which reads only when asked).
      if (!deps.localOnly)
        void sync(profile).catch((error: unknown) => deps.log.warn('server.syncFailed', { error }));
      return statusOf(profile);
    },
    'server:disconnect': async () => {
      await pairing.disconnect();
      const profile = signedIn();
      announce(profile);
      deps.log.info('server.disconnected');
      return statusOf(profile);
    },
    'server:sync': async () => {
      const profile = signedIn();
      const connection = connectedOrFail(profile);
      const { result, failure } = await sync(profile);
      if (failure === 'unauthorized') throw notKnownThere();
      if (failure) throw serverFailure(failure, connection.url);
      return result;
    },
    'server:pairingCode': async () => {
      const profile = signedIn();
      const connection = connectedOrFail(profile);
      const token = await tokens.get(profile);
      if (!token) throw notKnownThere();
      return clientOf(connection.url)
        .pairingCode(token)
        .catch((error: unknown) => {
          throw serverFailure(error, connection.url);
        });
    },
  };

  return {
    handlers,
    connected: (profile) => connections.get(profile) !== null,
    start: () => {
      if (!deps.localOnly) loop.start();
    },
    stop: () => loop.close(),
    clearProfile: (profile) => {
      connections.forget(profile);
      void tokens.forget(profile);
    },
  };
}
