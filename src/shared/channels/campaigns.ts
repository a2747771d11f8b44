/**
 * The campaigns channels and events by name (plain strings: the preload imports
 * this). The contract for them is in ../contract/campaigns.ts.
 */
export const CAMPAIGNS_CHANNELS = [] as const;

export const CAMPAIGNS_EVENTS = [] as const;
