import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import electronUpdater from 'electron-updater';
import { load } from 'js-yaml';
import { unsupportedStatus, type UpdatesPort } from '../../core/kernel/create-core';
import { mainLog } from '../main-log';
import { describeFeed, feedOverride, type PublishConfig } from './update-feed';
import { UpdaterService, type AppUpdaterLike, type DeliveryWatch } from './updater-service';

export interface Updates {
  port: UpdatesPort;
  /** Starts the checks once the core can say whether the outbox is delivering. */
  start(delivery: DeliveryWatch): void;
  stop(): void;
}

export interface CreateUpdatesInput {
  isPackaged: boolean;
  version: string;
  env: NodeJS.ProcessEnv;
  /** process.resourcesPath: electron-builder writes app-update.yml (the feed) there. */
  resourcesPath: string | undefined;
  /** electron-updater's autoUpdater for this platform; a fake in tests. */
  loadUpdater?: () => AppUpdaterLike & { isUpdaterActive(): boolean; setFeedURL(options: object): void };
}

function staticPort(version: string): Updates {
  const status = unsupportedStatus(version, 'development');
  return {
    port: {
      status: () => status,
      check: async () => status,
      restart: async () => 'notReady',
      cancelRestart: () => status,
      onChange: () => () => undefined,
    },
    start: () => undefined,
    stop: () => undefined,
  };
}

function readPublishConfig(resourcesPath: string | undefined): PublishConfig | null {
  const file = resourcesPath ? join(resourcesPath, 'app-update.yml') : null;
  if (!file || !existsSync(file)) return null;
  try {
    return load(readFileSync(file, 'utf8')) as PublishConfig;
  } catch {
    return null;
  }
}

/**
 * The updater of this copy of the app: electron-updater in an installed app
 * (an AppImage, a deb, the NSIS install, the DMG's app), nothing otherwise
 * (development, or a packed folder run as it is, where electron-updater is
 * not active). The feed is the app-update.yml electron-builder wrote, unless
 * TORPEDO_UPDATE_URL names a self-hosted one.
 */
export function createUpdates(input: CreateUpdatesInput): Updates {
  if (!input.isPackaged) return staticPort(input.version);
  const updater = input.loadUpdater?.() ?? electronUpdater.autoUpdater;
  if (!updater.isUpdaterActive()) return staticPort(input.version);

  const override = feedOverride(input.env);
  if (override && 'refused' in override)
    mainLog.warn('updates.feedRefused', { reason: `${override.refused}; using the built-in feed` });
  const custom = override && !('refused' in override) ? override : null;
  if (custom) updater.setFeedURL(custom);
  const service = new UpdaterService({
    updater,
    currentVersion: input.version,
    feed: describeFeed(custom ?? readPublishConfig(input.resourcesPath)),
    log: (message) => mainLog.info('updates', { reason: message }),
  });
  return { port: service, start: (delivery) => service.start(delivery), stop: () => service.stop() };
}
