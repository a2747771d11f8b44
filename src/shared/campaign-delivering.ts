import type { CampaignProgressView, CampaignStatus, ScheduledPart } from './dto/campaigns';

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
 * The one rule for the word a campaign shows (the campaigns list, its page, its report, the
 * overview, the CLI): `delivering` (all out, not every message final): "Entregando", not
 * "Concluída"; and when messages wait for their own time (`scheduled`: the sending rules, or the
 * owner's own schedule): "Agendada", never "Concluída", "Enviada" nor "Em andamento" while
 * nothing goes now: whether they wait in the outbox (a queued campaign whose every batch is timed
 * later) or at the service (all out, some held there for their time).
 */
export function shownCampaignStatus(
  status: CampaignStatus,
  delivering: boolean,
  scheduled: Pick<ScheduledPart, 'waitsAll'> | null | undefined,
): ShownCampaignStatus {
  if ((status === 'queued' || status === 'sending') && scheduled?.waitsAll) return 'scheduled';
  if (status !== 'completed' || !delivering) return status;
  return scheduled ? 'scheduled' : 'delivering';
}

/** Messages that wait for their own time, when they make the campaign "Agendada"; else null. */
export function scheduledShown(
  status: CampaignStatus,
  delivering: boolean,
  scheduled: ScheduledPart | null | undefined,
): ScheduledPart | null {
  return scheduled && shownCampaignStatus(status, delivering, scheduled) === 'scheduled' ? scheduled : null;
}
