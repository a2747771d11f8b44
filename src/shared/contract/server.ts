/**
 * The Torpedo Server part of the IPC contract (merged into ../ipc-contract.ts):
 * pairing this computer with the shop's server, its status, reading its
 * events now, and a pairing code for another computer.
 *
 * Connecting pairs with the code, keeps the computer's token in the OS
 * keychain (never in a file or a log), hands the server the account's webhook
 * secret and points the account's webhook at the server's receiver; the UI
 * says so in a sentence before the owner's click. Disconnecting puts the
 * webhook back as it was and forgets the token.
 *
 * Errors: `invalid_input` (an address that is not `https://`, or a loopback
 * `http://`; a code that is not NNNN-NNNN), `server_unreachable` (no answer
 * from the address: params `url`), `pairing_code_invalid` (the server refused
 * the code: wrong, used or older than 10 minutes), `server_refused` (the
 * server answered with another error: params `code`), `not_connected`,
 * `not_signed_in`, and the service's own codes when the webhook cannot be set
 * (nothing is left half done: the pairing is undone).
 */
import { z } from 'zod';
import type { PairingCodeView, ServerStatusView, ServerSyncResult } from '../dto/server';
import { PAIRING_CODE } from '../server-contract/v1';
import { isLoopbackHttpUrl } from './account';
import { channel, event, none } from './channel';

export const SERVER_ERRORS = {
  serverUnreachable: 'server_unreachable',
  pairingCodeInvalid: 'pairing_code_invalid',
  serverRefused: 'server_refused',
  notConnected: 'not_connected',
} as const;

/** `https://`, or `http://` to this computer only (tests, a server on the same computer). */
export function isAllowedServerUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || isLoopbackHttpUrl(raw);
}

export const serverUrl = z
  .string()
  .trim()
  .min(1, 'Enter the server address')
  .max(2048)
  .refine(
    isAllowedServerUrl,
    'Use an https:// address (http:// only for this computer: 127.0.0.1 or localhost)',
  )
  .transform((url) => url.replace(/\/+$/, ''));

export const serverConnectInput = z.strictObject({
  url: serverUrl,
  code: z.string().trim().regex(PAIRING_CODE, 'The code has 8 digits: NNNN-NNNN'),
  /** How this computer is named on the server; default the computer's host name. */
  deviceName: z.string().trim().min(1).max(100).optional(),
});

export const serverContract = {
  'server:status': channel<typeof none, ServerStatusView>(none),
  /** Pairs, hands over the webhook secret and points the account's webhook at the server. */
  'server:connect': channel<typeof serverConnectInput, ServerStatusView>(serverConnectInput),
  /** Puts the account's webhook back as it was before connecting, and forgets the token. */
  'server:disconnect': channel<typeof none, ServerStatusView>(none),
  /**
   * Reads the server's events now and applies them (replies to the inbox,
   * SAIR to opt-outs, delivery reports and clicks to the reports); the app
   * also does it on its own while online. Joins a read under way.
   */
  'server:sync': channel<typeof none, ServerSyncResult>(none),
  /** A new one-use code (10 minutes) to pair another computer. */
  'server:pairingCode': channel<typeof none, PairingCodeView>(none),
};

export const serverEvents = {
  /** The connection or the last read changed. */
  'server:status': event<ServerStatusView>(),
};

export type ServerChannel = keyof typeof serverContract;
