/**
 * The session part of the IPC contract (merged into ../ipc-contract.ts):
 * signing in with an account key, the demo, signing out.
 *
 * Errors: the service's `unauthorized` (a key it refuses), `network_error`,
 * `keychain_unavailable` (no keychain: the user may agree to keep the key in
 * memory for this session), `demo_unavailable`, `not_in_demo`.
 */
import { z } from 'zod';
import type { SessionInfo } from '../dto';
import { channel, event, none } from './channel';

export const SESSION_ERRORS = {
  /** No OS keychain: the key can only be kept in memory, and the user is asked first. */
  keychainUnavailable: 'keychain_unavailable',
  /** The host brought no demo (a build without the sandbox). */
  demoUnavailable: 'demo_unavailable',
  /** "Reset demo" while signed into an account. */
  notInDemo: 'not_in_demo',
} as const;

const serviceUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full address starting with https://' })
  .max(2048)
  .transform((url) => url.replace(/\/+$/, ''));

// Input schemas with rules worth naming; the renderer's forms reuse them.
export const signInInput = z.strictObject({
  accountKey: z
    .string()
    .trim()
    .min(8, 'The account key looks too short')
    .max(512)
    .regex(/^\S+$/, 'An account key has no spaces'),
  baseUrl: serviceUrl.optional(),
  /** The user agreed to keep the key in memory for this session because no keychain exists. */
  allowMemoryOnly: z.boolean().optional(),
});
export const signOutInput = z.strictObject({ deleteLocalData: z.boolean() });

export const sessionContract = {
  'session:get': channel<typeof none, SessionInfo>(none),
  'session:signIn': channel<typeof signInInput, SessionInfo>(signInInput),
  'session:startDemo': channel<typeof none, SessionInfo>(none),
  'session:signOut': channel<typeof signOutInput, SessionInfo>(signOutInput),
  'demo:reset': channel<typeof none, SessionInfo>(none),
};

export type SessionChannel = keyof typeof sessionContract;

export const sessionEvents = {
  'session:changed': event<SessionInfo>(),
};
