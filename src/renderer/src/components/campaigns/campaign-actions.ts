import type { CampaignProgressView, CampaignStatus, HoldCode, HoldView } from '@shared/dto/campaigns';

/**
 * Holds that lift by themselves: the balance covers the next batch after a
 * purchase, the sending hours open, the user signs in again. The campaign
 * then goes on with nobody clicking Retomar; what the user may still want is
 * to stop it (Pausar). Any other hold (a batch that keeps failing, one the
 * service refused) waits for the user's Retomar, and pausing it would change nothing.
 */
const LIFTS_BY_ITSELF: readonly HoldCode[] = ['insufficient_balance', 'outside_send_window', 'not_signed_in'];

/**
 * The one of pause and resume that applies to a campaign in this state (never
 * both), or null when neither does: a draft, a finished or cancelled campaign.
 */
export function flowAction(
  status: CampaignStatus,
  hold: HoldView | null | undefined,
): 'pause' | 'resume' | null {
  switch (status) {
    case 'queued':
    case 'sending':
      return 'pause';
    case 'paused':
      return 'resume';
    case 'held':
      return hold && LIFTS_BY_ITSELF.includes(hold.code) ? 'pause' : 'resume';
    default:
      return null;
  }
}

/** Unsent batches can be taken back while the campaign has not finished. */
export const canCancel = (status: CampaignStatus): boolean =>
  ['queued', 'sending', 'paused', 'held'].includes(status);

/**
 * The i18n key for when a campaign went to the queue: "Enviada há 5 minutos"
 * only once a message has actually gone out, "Posta na fila ..." before (a
 * campaign held for balance from its first batch has sent nothing).
 */
export const queuedAtKey = (progress: CampaignProgressView | null | undefined): string =>
  (progress?.messages.accepted ?? 0) > 0 ? 'campaigns.queuedAt' : 'campaigns.queuedNothingSent';
