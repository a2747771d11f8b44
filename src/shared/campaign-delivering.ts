import type { CampaignProgressView, CampaignStatus } from './dto/campaigns';

/**
 * Every batch went out, but the service has not said every message reached a
 * final state: the campaign is delivering, not finished ("Entregando", never
 * "Concluída" while messages are on their way).
 */
export const isDelivering = (progress: CampaignProgressView | null | undefined): boolean =>
  progress?.status === 'completed' && !progress.delivery.final;

/** A campaign's status as the owner reads it: its stored status, or where its messages stand. */
export type ShownCampaignStatus = CampaignStatus | 'delivering' | 'scheduled';

/**
 * The one rule for the word a campaign shows (the campaigns list, its page, the overview):
 * `delivering` (all out, not every message final): "Entregando", not "Concluída"; and when what
 * is left waits at the service for its own time (`scheduled`: the sending rules, or the owner's
 * own schedule): "Agendada", not "Entregando" nor "Enviada".
 */
export function shownCampaignStatus(
  status: CampaignStatus,
  delivering: boolean,
  scheduled: boolean,
): ShownCampaignStatus {
  if (status !== 'completed' || !delivering) return status;
  return scheduled ? 'scheduled' : 'delivering';
}
