import type { CampaignsChannel } from '../../shared/contract/campaigns';
import type { CoreModule } from '../kernel/core-module';
import { createComposer } from './composer/composer';
import { createDelivery } from './delivery/delivery';
import type { LinkTracking } from '../links/links-module';
import { createCampaignHandOver } from './handover/create-campaign-hand-over';
import type { CampaignHandOver } from './handover/campaign-hand-over';
import type { SegmentAudience } from '../segments/segments-module';
import type { TemplateCheckView } from '../../shared/dto/templates';
import type { CampaignProgressView } from '../../shared/dto/campaigns';
import { checkTemplateText } from './composer/text-check';
import { createCampaignSpine, type CampaignRules, type CampaignsDeps } from './campaigns-deps';

export { messageReference } from './delivery/outbox-request';
/** Erasing one person (core/privacy): the outbox's and the sent messages' part. */
export { createCampaignsForget, ERASED_TEXT, type ForgottenCampaignData } from './outbox/forget-person';
export { templateFieldFailure } from './campaign-errors';
/** Money arithmetic in exact units, for whoever prices messages as the campaigns do (the automations' forecast). */
export { costReais } from './campaign-money';
/** The price of an SMS type, as the composer prices a campaign (the inbox's replies too). */
export { pricingOf } from './pricing';
/**
 * Whether a send whose answer was lost landed (the outbox's rule: reconcile.ts), what a failed send
 * means, and the waits behind both: for whoever sends one message that must go exactly once (the
 * inbox's opt-out confirmation).
 */
export { findLandedSend } from './delivery/reconcile';
export { classifySendFailure } from './delivery/outbox-outcome';
export { deliveryTimings } from './delivery/delivery-timings';
export type { CampaignTableRow } from './campaign-row';
export type { CampaignRules, CampaignsDeps } from './campaigns-deps';
export type {
  CampaignHandOver,
  HandOverMessage,
  HandOverRequest,
  HandOverResult,
  HandOverSummary,
  MessageBuilder,
  RecipientRow,
} from './handover/campaign-hand-over';

export interface CampaignsModule extends CoreModule<CampaignsChannel> {
  /**
   * A text checked as the send would check it, against every contact the
   * profile could send to (the templates domain's editor, before any audience).
   */
  checkText(profile: string, text: string): TemplateCheckView;
  /** What the automations hand their occurrences to (the same outbox, worker and exactly-once delivery). */
  handOver: CampaignHandOver;
  /** A campaign's progress as its page and the campaigns list read it (the overview reads it too); null: none, or a draft. */
  progress(campaignId: string): CampaignProgressView | null;
}

/**
 * Campaigns: the composer (drafts, audience, preview, cost, test send, and
 * the freeze into the outbox on Send) and the delivery (the outbox worker:
 * exactly-once sending with reconcile, holds, pause/resume/cancel, progress).
 */
export function createCampaignsModule(
  deps: CampaignsDeps,
  tracking: LinkTracking,
  segments: SegmentAudience,
  /** The sending rules: who is left out, when each message goes, what goes around it (name, "Como sair"). */
  rules: CampaignRules,
): CampaignsModule {
  const spine = createCampaignSpine(deps.db, deps.now);
  const delivery = createDelivery(deps, spine, tracking, rules);
  // The worker starts on the next turn of the event loop: Send answers as soon
  // as the freeze is committed, before the first batch is claimed and read.
  const composer = createComposer(
    deps,
    spine,
    { onQueued: () => setImmediate(() => delivery.wake()) },
    tracking,
    segments,
    rules,
  );
  return {
    handOver: createCampaignHandOver(deps.db, spine, () => setImmediate(() => delivery.wake()), rules),
    handlers: { ...composer.handlers, ...delivery.handlers },
    checkText: (profile, text) => checkTemplateText(composer.book, profile, text, rules.frame(profile)),
    progress: (campaignId) => delivery.readProgress(campaignId),
    start: () => delivery.start(),
    clearProfile: (profile) => composer.clearProfile(profile),
    stop: () => delivery.stop(),
    close: () => delivery.close(),
  };
}
