import type { CampaignProgressView } from './dto/campaigns';

/**
 * Every batch went out, but the service has not said every message reached a
 * final state: the campaign is delivering, not finished ("Entregando", never
 * "Concluída" while messages are on their way).
 */
export const isDelivering = (progress: CampaignProgressView | null | undefined): boolean =>
  progress?.status === 'completed' && !progress.delivery.final;
