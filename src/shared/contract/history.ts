/**
 * The history part of the IPC contract (merged into ../ipc-contract.ts): for
 * each channel its input schema and output type, and the payload of each event.
 */
import type { z } from 'zod';
import type { HISTORY_CHANNELS, HISTORY_EVENTS } from '../channels/history';

export type HistoryChannel = (typeof HISTORY_CHANNELS)[number];
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export const historyContract = {} satisfies Record<HistoryChannel, { input: z.ZodType; output: unknown }>;

/** Payloads of the history events. */
export type HistoryEventPayloads = Record<never, never>;
