/**
 * The updates channels and events by name (plain strings: the preload imports
 * this). The contract for them is in ../contract/updates.ts.
 */
export const UPDATES_CHANNELS = [
  'updates:status',
  'updates:check',
  'updates:restart',
  'updates:cancelRestart',
] as const;

export const UPDATES_EVENTS = ['updates:changed'] as const;
