import type { HistoryChannel } from '../../shared/contract/history';
import type { CoreModule, ModuleDeps } from '../core-module';

/** The history domain: its channels' handlers and background work. */
export function createHistoryModule(deps: ModuleDeps): CoreModule<HistoryChannel> {
  void deps;
  return { handlers: {} };
}
