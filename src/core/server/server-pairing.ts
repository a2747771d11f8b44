/**
 * Connecting this computer to the shop's Torpedo Server, and back.
 *
 * Connect: pair with the one-use code, keep the token in the keychain, hand
 * the server the account's webhook secret (rotating one first when the
 * account has none), and point the account's webhook at the server's hook.
 * The account's webhook before is remembered, to be put back on disconnect.
 * A step that fails after the pairing undoes the ones before it (webhook put
 * back, token forgotten): nothing is left half done. The device stays known
 * to the server, harmless without its token.
 *
 * Disconnect: put the earlier webhook back (only when it still points here:
 * someone may have set another since), forget the token and the state.
 */
import { hostname } from 'node:os';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { isLoopbackHttpUrl } from '../../shared/contract/account';
import type { ParsedInputOf } from '../../shared/ipc-contract';
import { type AccountService, type WebhookUpdateInput, bindAccount } from '../account/account-module';
import { AppFailure } from '../app-failure';
import type { SessionManager } from '../session/session-module';
import type { ConnectionRepo } from './connection-repo';
import type { DeviceTokens } from './device-token';
import { createServerClient, type ServerClient } from './server-client';
import { serverFailure } from './server-failures';

export interface PairingDeps {
  session: SessionManager;
  account: AccountService;
  webhooks: { update(input: WebhookUpdateInput): Promise<unknown> };
  connections: ConnectionRepo;
  tokens: DeviceTokens;
  now: () => Date;
  clientOf?: (url: string) => ServerClient;
}

export function createServerPairing(deps: PairingDeps) {
  const clientOf = deps.clientOf ?? ((url: string) => createServerClient(url));

  async function connect(input: ParsedInputOf<'server:connect'>): Promise<void> {
    const bound = bindAccount(deps.session, deps.account);
    const { profile } = bound;
    // The real service cannot reach this computer: a loopback server only makes sense for demo and test.
    if (isLoopbackHttpUrl(input.url) && deps.session.info().mode === 'live') {
      throw new AppFailure(APP_ERROR_CODES.invalidInput, 'Some fields are not valid.', {
        fields: [{ field: 'url', message: 'A live account needs an https:// address the service can reach' }],
      });
    }
    const client = clientOf(input.url);
    const deviceName = input.deviceName ?? (hostname() || 'Torpedo');
    const paired = await client.pair(input.code, deviceName).catch((error: unknown) => {
      throw serverFailure(error, input.url);
    });
    const hookUrl = paired.hookUrl ?? input.url + paired.hookPath;
    const before = deps.connections.get(profile);
    let config = await bound.call((c) => c.webhook());
    // The webhook right now, put back if this attempt fails; and the one before any server, kept for
    // disconnect (connected before, to this server or another: the one before that connection).
    const current = config.url;
    const previous = before ? before.previousWebhook : current;
    let webhookMoved = false;
    let tokenKept = false;
    try {
      if (!config.secret) {
        await deps.webhooks.update({ rotateSecret: true });
        config = await bound.call((c) => c.webhook());
      }
      if (!config.secret) {
        throw new AppFailure(APP_ERROR_CODES.invalidResponse, 'The account has no webhook secret.');
      }
      await client.handWebhookSecret(paired.token, config.secret).catch((error: unknown) => {
        throw serverFailure(error, input.url);
      });
      await deps.webhooks.update({ url: hookUrl });
      webhookMoved = true;
      await deps.tokens.set(profile, paired.token);
      tokenKept = true;
      deps.connections.save(profile, {
        url: input.url,
        deviceId: paired.deviceId,
        deviceName,
        workspaceId: paired.workspaceId,
        hookUrl,
        previousWebhook: previous,
        connectedAt: deps.now().toISOString(),
      });
    } catch (error) {
      if (webhookMoved) await deps.webhooks.update({ url: current ?? '' }).catch(() => undefined);
      if (tokenKept) {
        // The earlier connection's token was replaced in the keychain: that connection is gone too.
        await deps.tokens.forget(profile);
        if (before) deps.connections.forget(profile);
      }
      throw error;
    }
  }

  async function disconnect(): Promise<void> {
    const bound = bindAccount(deps.session, deps.account);
    const connection = deps.connections.get(bound.profile);
    if (!connection) {
      throw new AppFailure(APP_ERROR_CODES.notConnected, 'This computer is not connected to a server.');
    }
    const config = await bound.call((c) => c.webhook());
    if (config.url === connection.hookUrl)
      await deps.webhooks.update({ url: connection.previousWebhook ?? '' });
    await deps.tokens.forget(bound.profile);
    deps.connections.forget(bound.profile);
  }

  return { connect, disconnect };
}
