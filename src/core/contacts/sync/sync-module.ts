import type { SyncChannel } from '../../../shared/contract/sync';
import type { CoreModule, ModuleDeps } from '../../core-module';

/** The sync domain: its channels' handlers and background work. */
export function createSyncModule(deps: ModuleDeps): CoreModule<SyncChannel> {
  void deps;
  return { handlers: {} };
}
