import type { CampaignsChannel } from '../../shared/contract/campaigns';
import type { CoreModule, ModuleDeps } from '../core-module';

/** The campaigns domain: its channels' handlers and background work. */
export function createCampaignsModule(deps: ModuleDeps): CoreModule<CampaignsChannel> {
  void deps;
  return { handlers: {} };
}
