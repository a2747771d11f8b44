/**
 * The IPC contract, merged from the domains' contract files (./contract/):
 * each declares its channels (name, zod input schema, output type), its
 * events (name, payload type) and its error codes, once. Everything else
 * derives from here: core/kernel/dispatch.ts validates a channel's input before its
 * handler runs, main registers one handler per channel, the preload allows
 * only these names, the renderer's api.ts takes its types from here, and the
 * e2e harness calls the same dispatch.
 */
import type { z } from 'zod';
import type { Result } from './app-error';
import { accountContract, accountEvents } from './contract/account';
import { appContract, appEvents } from './contract/app';
import { automationsContract, automationsEvents } from './contract/automations';
import { bestHourContract } from './contract/best-hour';
import { billingContract, billingEvents } from './contract/billing';
import { campaignsContract, campaignsEvents } from './contract/campaigns';
import { contactsContract } from './contract/contacts';
import { dataContract } from './contract/data';
import { galleryContract } from './contract/gallery';
import { historyContract, historyEvents } from './contract/history';
import { importContract, importEvents } from './contract/import';
import { linksContract, linksEvents } from './contract/links';
import { overviewContract } from './contract/overview';
import { privacyRequestsContract } from './contract/privacy-requests';
import { processingRecordContract } from './contract/processing-record';
import { rulesContract } from './contract/rules';
import { segmentsContract } from './contract/segments';
import { sessionContract, sessionEvents } from './contract/session';
import { diagnosticsContract } from './contract/diagnostics';
import { syncContract, syncEvents } from './contract/sync';
import { templatesContract } from './contract/templates';
import { serverContract, serverEvents } from './contract/server';
import { inboxContract, inboxEvents } from './contract/inbox';
import { privacyContract } from './contract/privacy';
import { updatesContract, updatesEvents } from './contract/updates';

export const contract = {
  ...appContract,
  ...sessionContract,
  ...accountContract,
  ...billingContract,
  ...contactsContract,
  ...importContract,
  ...campaignsContract,
  ...automationsContract,
  ...segmentsContract,
  ...templatesContract,
  ...rulesContract,
  ...historyContract,
  ...linksContract,
  ...overviewContract,
  ...syncContract,
  ...updatesContract,
  ...dataContract,
  ...diagnosticsContract,
  ...serverContract,
  ...inboxContract,
  ...galleryContract,
  ...bestHourContract,
  ...privacyRequestsContract,
  ...processingRecordContract,
  ...privacyContract,
};

const events = {
  ...appEvents,
  ...sessionEvents,
  ...accountEvents,
  ...billingEvents,
  ...importEvents,
  ...campaignsEvents,
  ...automationsEvents,
  ...historyEvents,
  ...linksEvents,
  ...syncEvents,
  ...updatesEvents,
  ...serverEvents,
  ...inboxEvents,
};

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
/** What the renderer passes (before zod's defaults and transforms). */
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
/** What a handler receives (after validation). */
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = Contract[C]['output'];

/** Events from main to the renderer, with their payloads. */
export type EventPayloads = { [E in keyof typeof events]: (typeof events)[E] };
export type EventName = keyof EventPayloads;

export const CHANNELS = Object.keys(contract) as ChannelName[];
export const EVENTS = Object.keys(events) as EventName[];

const channelNames: ReadonlySet<string> = new Set(CHANNELS);
const eventNames: ReadonlySet<string> = new Set(EVENTS);

export const isChannelName = (value: unknown): value is ChannelName =>
  typeof value === 'string' && channelNames.has(value);
export const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && eventNames.has(value);

/** The single IPC channel main uses to push events; the payload names the event. */
export const EVENT_PORT = 'torpedo:event';

/** The window.torpedo bridge the preload installs (and the e2e harness imitates). */
export interface TorpedoBridge {
  invoke<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<Result<OutputOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}
