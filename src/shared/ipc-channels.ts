/**
 * The names of every IPC channel and event, as plain strings with no
 * dependencies, so the sandboxed preload can allow exactly these without
 * bundling zod. `ipc-contract.ts` proves at compile time that this list and
 * the contract agree.
 *
 * Each domain added since the first slice keeps its names in ./channels/.
 */
import { CAMPAIGNS_CHANNELS, CAMPAIGNS_EVENTS } from './channels/campaigns';
import { HISTORY_CHANNELS, HISTORY_EVENTS } from './channels/history';
import { SYNC_CHANNELS, SYNC_EVENTS } from './channels/sync';
import { UPDATES_CHANNELS, UPDATES_EVENTS } from './channels/updates';

export const CHANNELS = [
  'app:info',
  'session:get',
  'session:signIn',
  'session:startDemo',
  'session:signOut',
  'demo:reset',
  'account:balance',
  'account:webhook',
  'account:revealWebhookSecret',
  'account:copyWebhookSecret',
  'connectivity:get',
  'connectivity:check',
  'settings:get',
  'settings:update',
  'shell:openExternal',
  'files:saveText',
  'credits:plans',
  'credits:cards',
  'credits:buy',
  'credits:attempt',
  'credits:invoices',
  'credits:exportInvoices',
  'account:autoRecharge',
  'account:updateAutoRecharge',
  'account:updateWebhook',
  'account:testWebhook',
  'import:open',
  'import:reparse',
  'import:plan',
  'import:commit',
  'import:optOut',
  'import:cancel',
  'import:errorFile',
  'import:saveErrorFile',
  'contacts:search',
  'contacts:get',
  'contacts:create',
  'contacts:update',
  'contacts:delete',
  'contacts:undoDelete',
  'contacts:addToList',
  'contacts:removeFromList',
  'contacts:optOut',
  'lists:list',
  'lists:create',
  'lists:rename',
  'lists:delete',
  'optOuts:list',
  'optOuts:add',
  'optOuts:remove',
  ...CAMPAIGNS_CHANNELS,
  ...HISTORY_CHANNELS,
  ...SYNC_CHANNELS,
  ...UPDATES_CHANNELS,
] as const;

export const EVENTS = [
  'session:changed',
  'balance:changed',
  'connectivity:changed',
  'credits:attemptChanged',
  'import:progress',
  ...CAMPAIGNS_EVENTS,
  ...HISTORY_EVENTS,
  ...SYNC_EVENTS,
  ...UPDATES_EVENTS,
] as const;

export type ChannelName = (typeof CHANNELS)[number];
export type EventName = (typeof EVENTS)[number];

/** The single IPC channel main uses to push events; the payload names the event. */
export const EVENT_PORT = 'torpedo:event';

export const isChannelName = (value: unknown): value is ChannelName =>
  typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);

export const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && (EVENTS as readonly string[]).includes(value);
