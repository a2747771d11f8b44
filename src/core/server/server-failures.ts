/**
 * The server client's failures (server-client.ts) in the contract's words
 * (contract/server.ts: SERVER_ERRORS), for the owner's message; and, for a
 * background read, the short reason kept on the connection.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { ServerSyncError } from '../../shared/dto/server';
import { AppFailure } from '../app-failure';
import { ServerBadAnswer, ServerRefused, ServerUnreachable } from './server-client';

/** The client's failure as the dispatch reports it; anything else (the service's own) as it is. */
export function serverFailure(error: unknown, url: string): unknown {
  if (error instanceof ServerUnreachable) {
    return new AppFailure(APP_ERROR_CODES.serverUnreachable, `No answer from the server at ${url}.`, {
      params: { url },
      reason: error.reason,
    });
  }
  if (error instanceof ServerRefused && error.code === 'pairing_code_invalid') {
    return new AppFailure(
      APP_ERROR_CODES.pairingCodeInvalid,
      'The server did not accept this code: it is wrong, used or older than 10 minutes. Make a new one.',
    );
  }
  if (error instanceof ServerRefused) {
    return new AppFailure(APP_ERROR_CODES.serverRefused, `The server refused the request (${error.code}).`, {
      params: { code: error.code },
      status: error.status,
    });
  }
  if (error instanceof ServerBadAnswer) {
    return new AppFailure(
      APP_ERROR_CODES.serverRefused,
      'The address answered, but not as a Torpedo Server does. Check the address.',
      { params: { code: 'bad_answer' } },
    );
  }
  return error;
}

/** What a failed read is, for the connection's status; null: not the server's fault (rethrow). */
export function syncErrorOf(error: unknown): ServerSyncError | null {
  if (error instanceof ServerUnreachable) return 'unreachable';
  if (error instanceof ServerRefused) return error.code === 'unauthorized' ? 'unauthorized' : 'bad_answer';
  if (error instanceof ServerBadAnswer) return 'bad_answer';
  return null;
}
