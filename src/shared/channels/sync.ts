/**
 * The sync channels and events by name (plain strings: the preload imports
 * this). The contract for them is in ../contract/sync.ts.
 */
export const SYNC_CHANNELS = [
  'sync:status',
  'sync:setList',
  'sync:run',
  'sync:cancel',
  'sync:serviceLists',
  'sync:bringList',
] as const;

export const SYNC_EVENTS = ['sync:progress'] as const;
