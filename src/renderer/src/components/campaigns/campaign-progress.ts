import type { CampaignProgressView } from '@shared/dto/campaigns';

/**
 * Messages that went out, as a whole percentage (0 when there is nothing to send): accepted by the
 * service and not held there for a later time. A campaign waiting for tomorrow is at 0%, not a full
 * bar of messages "accepted for later".
 */
export function sentPercent(progress: CampaignProgressView | null | undefined): number {
  if (!progress || progress.messages.total === 0) return 0;
  return Math.floor((sentMessages(progress) / progress.messages.total) * 100);
}

/** Messages accepted by the service and gone out (not held there for their own time). */
export const sentMessages = (progress: CampaignProgressView): number =>
  Math.max(0, progress.messages.accepted - (progress.scheduled?.charged ?? 0));

/** Whole minutes and hours of an ETA, for the "about N minutes left" sentence. */
export type EtaWords =
  { key: 'etaSoon' } | { key: 'etaMinutes'; count: number } | { key: 'etaHours'; count: number };

export function etaWords(seconds: number): EtaWords {
  if (seconds < 60) return { key: 'etaSoon' };
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return { key: 'etaMinutes', count: minutes };
  return { key: 'etaHours', count: Math.round(minutes / 60) };
}
