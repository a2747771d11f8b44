/**
 * The campaigns part of the IPC contract (merged into ../ipc-contract.ts): for
 * each channel its input schema and output type, and the payload of each event.
 */
import type { z } from 'zod';
import type { CAMPAIGNS_CHANNELS, CAMPAIGNS_EVENTS } from '../channels/campaigns';

export type CampaignsChannel = (typeof CAMPAIGNS_CHANNELS)[number];
export type CampaignsEvent = (typeof CAMPAIGNS_EVENTS)[number];

export const campaignsContract = {} satisfies Record<CampaignsChannel, { input: z.ZodType; output: unknown }>;

/** Payloads of the campaigns events. */
export type CampaignsEventPayloads = Record<never, never>;
