import type { UpdatesChannel } from '../../shared/contract/updates';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { unsupportedStatus } from './updates-port';

/**
 * The updates channels, answered by the host's updater (Host.updates) and
 * its changes sent to the window as `updates:changed`. Without one (the CLI,
 * the tests' hosts) the status says why and nothing is checked.
 */
export function createUpdatesModule(deps: Pick<ModuleDeps, 'host' | 'events'>): CoreModule<UpdatesChannel> {
  const port = deps.host.updates;
  const unsupported = () => unsupportedStatus(deps.host.appVersion, 'not_desktop');
  const stop = port?.onChange((status) => deps.events.emit('updates:changed', status));
  return {
    handlers: {
      'updates:status': async () => port?.status() ?? unsupported(),
      'updates:check': async () => (port ? port.check() : unsupported()),
      'updates:restart': async ({ whenIdle }) => ({
        outcome: port ? await port.restart(whenIdle) : 'notReady',
      }),
      'updates:cancelRestart': async () => port?.cancelRestart() ?? unsupported(),
    },
    close: async () => stop?.(),
  };
}
