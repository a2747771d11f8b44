/**
 * The campaigns channels and events by name (plain strings: the preload imports
 * this). The contract for them is in ../contract/campaigns.ts.
 */
export const CAMPAIGNS_CHANNELS = [
  'campaigns:list',
  'campaigns:get',
  'campaigns:create',
  'campaigns:duplicate',
  'campaigns:saveDraft',
  'campaigns:delete',
  'campaigns:audience',
  'campaigns:fields',
  'campaigns:preview',
  'campaigns:estimate',
  'campaigns:smsTypes',
  'campaigns:testSend',
  'campaigns:send',
  'campaigns:pause',
  'campaigns:resume',
  'campaigns:cancel',
  'campaigns:progress',
] as const;

export const CAMPAIGNS_EVENTS = ['campaigns:progress'] as const;
