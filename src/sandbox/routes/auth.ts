/**
 * Token exchange and revocation. Any `test_` key is an account of its own;
 * tokens live 48 h of simulated time.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_CODES, HEADERS, PATHS } from '../../core/api/wire';
import { HttpError, noContent, ok } from '../http/http-io';
import type { Router } from '../http/router';
import { SandboxState } from '../state/state';
import type { World } from '../world';
import type { Account } from '../state/account';

const unauthorized = (message: string) => new HttpError(401, ERROR_CODES.unauthorized, message);

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The account behind `Authorization: Bearer <token>`, or a 401. */
export function authenticate(
  world: World,
  headers: IncomingHttpHeaders,
): { account: Account; token: string } {
  const value = header(headers, HEADERS.authorization);
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  if (!match) throw unauthorized('Missing bearer token.');
  const token = match[1]!;
  const result = world.state.authenticate(token, world.clock.now());
  if (result.ok) return { account: result.account, token };
  const messages = {
    unknown: 'Invalid token.',
    expired: 'The token has expired.',
    revoked: 'The token was revoked.',
  };
  throw unauthorized(messages[result.reason]);
}

export function registerAuth(router: Router, world: World): void {
  router.open(
    'GET',
    PATHS.authToken,
    (ctx) => {
      const key = header(ctx.headers, HEADERS.accountKey);
      if (!key) throw unauthorized(`Missing ${HEADERS.accountKey} header.`);
      if (!SandboxState.isTestKey(key))
        throw unauthorized('Invalid account key: the sandbox accepts test_ keys only.');
      const now = world.clock.now();
      world.state.accountFor(key, now);
      const token = world.state.issueToken(key, now);
      return ok(world.shapes.tokenWithoutMode ? { token } : { token, mode: 'test' });
    },
    true,
  );

  router.authed('POST', PATHS.authRevoke, (ctx) => {
    world.state.revokeToken(ctx.token);
    return noContent();
  });
}
