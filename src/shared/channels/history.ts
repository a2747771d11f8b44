/**
 * The history channels and events by name (plain strings: the preload imports
 * this). The contract for them is in ../contract/history.ts.
 */
export const HISTORY_CHANNELS = [] as const;

export const HISTORY_EVENTS = [] as const;
