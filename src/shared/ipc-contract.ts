/**
 * The IPC contract: the only place a channel is declared. For each channel,
 * the zod schema its input must pass (validated in core/dispatch.ts before
 * any handler runs) and the type of its output. Main registers one handler
 * per channel, the preload allows only these names, the renderer's api.ts
 * derives its types from here, and the e2e harness calls the same dispatch.
 */
import { z } from 'zod';
import type { ChannelName, EventName } from './ipc-channels';
import type { AppInfo, BalanceView, ConnectivityView, SessionInfo, SettingsView, WebhookView } from './dto';

/** Declares a channel: its input schema, and (as a type only) its output. */
const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });

const none = z.strictObject({});

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
export const balanceInput = z.strictObject({ refresh: z.boolean().optional() });
export const settingsUpdateInput = z.strictObject({
  language: z.enum(['system', 'pt-BR', 'en']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});
export const openExternalInput = z.strictObject({
  url: z.url({ protocol: /^https$/, error: 'Only https links can be opened' }).max(2048),
});

export const contract = {
  'app:info': channel<typeof none, AppInfo>(none),

  'session:get': channel<typeof none, SessionInfo>(none),
  'session:signIn': channel<typeof signInInput, SessionInfo>(signInInput),
  'session:startDemo': channel<typeof none, SessionInfo>(none),
  'session:signOut': channel<typeof signOutInput, SessionInfo>(signOutInput),
  'demo:reset': channel<typeof none, SessionInfo>(none),

  'account:balance': channel<typeof balanceInput, BalanceView>(balanceInput),
  'account:webhook': channel<typeof none, WebhookView>(none),
  'account:revealWebhookSecret': channel<typeof none, { secret: string | null }>(none),
  'account:copyWebhookSecret': channel<typeof none, { copied: boolean }>(none),

  'connectivity:get': channel<typeof none, ConnectivityView>(none),
  'connectivity:check': channel<typeof none, ConnectivityView>(none),

  'settings:get': channel<typeof none, SettingsView>(none),
  'settings:update': channel<typeof settingsUpdateInput, SettingsView>(settingsUpdateInput),

  'shell:openExternal': channel<typeof openExternalInput, { opened: boolean }>(openExternalInput),
} satisfies Record<ChannelName, { input: z.ZodType; output: unknown }>;

export type Contract = typeof contract;
/** What the renderer passes (before zod's defaults and transforms). */
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
/** What a handler receives (after validation). */
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = Contract[C]['output'];

/** Events from main to the renderer, with their payloads. */
export interface EventPayloads {
  'session:changed': SessionInfo;
  'balance:changed': BalanceView;
  'connectivity:changed': ConnectivityView;
}
// Compile-time proof that EVENTS and EventPayloads agree.
type _EventsAgree = [EventName] extends [keyof EventPayloads]
  ? [keyof EventPayloads] extends [EventName]
    ? true
    : never
  : never;
const _eventsAgree: _EventsAgree = true;
void _eventsAgree;

/** The window.torpedo bridge the preload installs (and the e2e harness imitates). */
export interface TorpedoBridge {
  invoke<C extends ChannelName>(
    channel: C,
    input: InputOf<C>,
  ): Promise<import('./app-error').Result<OutputOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}
