/**
 * The history channels and events by name (plain strings: the preload imports
 * this). The contract for them is in ../contract/history.ts.
 */
export const HISTORY_CHANNELS = [
  'history:sends',
  'history:send',
  'history:numbers',
  'history:campaignReport',
  'history:campaignNumbers',
  'history:exportCampaign',
] as const;

export const HISTORY_EVENTS = ['history:updated'] as const;
