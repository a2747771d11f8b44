import type { CampaignProgressView } from '@shared/dto/campaigns';

/** Messages accepted by the service, as a whole percentage (0 when there is nothing to send). */
export function acceptedPercent(progress: CampaignProgressView | null | undefined): number {
  if (!progress || progress.messages.total === 0) return 0;
  return Math.floor((progress.messages.accepted / progress.messages.total) * 100);
}

/** Whole minutes and hours of an ETA, for the "about N minutes left" sentence. */
export type EtaWords =
  { key: 'etaSoon' } | { key: 'etaMinutes'; count: number } | { key: 'etaHours'; count: number };

export function etaWords(seconds: number): EtaWords {
  if (seconds < 60) return { key: 'etaSoon' };
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return { key: 'etaMinutes', count: minutes };
  return { key: 'etaHours', count: Math.round(minutes / 60) };
}
