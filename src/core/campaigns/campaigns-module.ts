import type { CampaignsChannel } from '../../shared/contract/campaigns';
import type { CoreModule, ModuleDeps } from '../core-module';
import { createComposer } from './composer';
import { createDelivery } from './delivery';

/**
 * Campaigns: the composer (drafts, audience, preview, cost, test send, and
 * the freeze into the outbox on Send) and the delivery (the outbox worker:
 * exactly-once sending with reconcile, holds, pause/resume/cancel, progress).
 */
export function createCampaignsModule(deps: ModuleDeps): CoreModule<CampaignsChannel> {
  const delivery = createDelivery(deps);
  // The worker starts on the next turn of the event loop: Send answers as soon
  // as the freeze is committed, before the first batch is claimed and read.
  const composer = createComposer(deps, { onQueued: () => setImmediate(() => delivery.wake()) });
  return {
    handlers: { ...composer.handlers, ...delivery.handlers },
    start: () => delivery.start(),
    clearProfile: (profile) => composer.clearProfile(profile),
    close: () => delivery.close(),
  };
}
