import type { UpdateFeedView } from '../../shared/dto/updates';

/** The environment variable that points an installed copy at a self-hosted feed. */
export const UPDATE_URL_ENV = 'TORPEDO_UPDATE_URL';

/** electron-updater's feed options for a self-hosted folder (latest.yml and the installers). */
export interface GenericFeed {
  provider: 'generic';
  url: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A self-hosted feed chosen at run time: `TORPEDO_UPDATE_URL=https://...`.
 * The default feed is the one electron-builder wrote into the app
 * (resources/app-update.yml: GitHub Releases, or the generic URL the release
 * was built with). https only, but plain http to this computer (a feed
 * served while testing); anything else is refused and said so.
 */
export function feedOverride(env: NodeJS.ProcessEnv): GenericFeed | { refused: string } | null {
  const value = env[UPDATE_URL_ENV]?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { refused: `${UPDATE_URL_ENV} is not an address` };
  }
  if (url.username || url.password)
    return { refused: `${UPDATE_URL_ENV} must not carry a user name or password` };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { refused: `${UPDATE_URL_ENV} must start with https://` };
  }
  return { provider: 'generic', url: url.href.replace(/\/+$/, '') };
}

/** The parts of app-update.yml (electron-builder's publish config) that say where releases are. */
export interface PublishConfig {
  provider?: string;
  owner?: string;
  repo?: string;
  url?: string;
}

/** Where a person can see the releases the app updates from, for Settings → Sobre. */
export function describeFeed(config: PublishConfig | null): UpdateFeedView | null {
  if (config?.provider === 'github' && config.owner && config.repo) {
    return { provider: 'github', url: `https://github.com/${config.owner}/${config.repo}/releases` };
  }
  if (config?.provider === 'generic' && config.url) return { provider: 'generic', url: config.url };
  return null;
}
