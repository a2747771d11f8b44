/**
 * The sync part of the IPC contract (merged into ../ipc-contract.ts): for
 * each channel its input schema and output type, and the payload of each event.
 */
import type { z } from 'zod';
import type { SYNC_CHANNELS, SYNC_EVENTS } from '../channels/sync';

export type SyncChannel = (typeof SYNC_CHANNELS)[number];
export type SyncEvent = (typeof SYNC_EVENTS)[number];

export const syncContract = {} satisfies Record<SyncChannel, { input: z.ZodType; output: unknown }>;

/** Payloads of the sync events. */
export type SyncEventPayloads = Record<never, never>;
