import type { AppChannel } from '../../shared/contract/app';
import { ASSUMED } from '../api/wire';
import { IDLE_PROBE_TIMINGS, createIdleProbe, type IdleProbeTimings } from '../connectivity/idle-probe';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { saveWithHost } from '../files/save-with-host';
import type { Handlers } from '../kernel/handlers';
import { readUiSettings, updateUiSettings } from './ui-settings';

/** `app:info`: what the window needs to know about the app and the computer. */
export const appInfo = (host: ModuleDeps['host']) => ({
  version: host.appVersion,
  osLocale: host.osLocale(),
  platform: host.platform,
  assumedWireFacts: ASSUMED,
});

/**
 * The app's channels that need only the host and the settings: the ones the
 * recovery core (create-recovery-core.ts) answers too, on data of any format.
 */
export const localAppHandlers = (
  host: ModuleDeps['host'],
  settings: ModuleDeps['settings'],
): Pick<Handlers, 'app:info' | 'settings:get' | 'settings:update' | 'shell:openExternal'> => ({
  'app:info': async () => appInfo(host),
  'settings:get': async () => readUiSettings(settings),
  'settings:update': async (patch) => updateUiSettings(settings, patch),
  'shell:openExternal': async ({ url }) => {
    await host.openExternal(url);
    return { opened: true };
  },
});

/**
 * The app's own channels: its version and the wire facts it assumes, the
 * window's settings, opening a link and saving a file through the host, and
 * the connection as the app sees it. With `idleProbe`, it also keeps that
 * connection (and the balance) true while nothing else calls the service.
 */
export function createAppModule(
  deps: Pick<ModuleDeps, 'host' | 'settings' | 'session' | 'account' | 'connectivity' | 'now'>,
  idleProbe: boolean | IdleProbeTimings = false,
): CoreModule<AppChannel> {
  const { host, settings, account, connectivity } = deps;
  const probe = idleProbe
    ? createIdleProbe(deps, idleProbe === true ? IDLE_PROBE_TIMINGS : idleProbe)
    : undefined;
  return {
    handlers: {
      ...localAppHandlers(host, settings),
      'files:saveText': ({ suggestedName, content, kind }) =>
        saveWithHost(() => host.saveTextFile(suggestedName, content, kind)),
      'connectivity:get': async () => connectivity.current,
      'connectivity:check': async () => {
        // Any answer from the service proves it reachable; the balance is the cheapest useful one.
        await account.balance().catch(() => undefined);
        return connectivity.current;
      },
    },
    start: () => probe?.start?.(),
    stop: async () => probe?.close?.(),
  };
}
