import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where the renderer's page is, and how to recognise it. Everything that
 * decides trust (IPC sender checks, navigation guards) asks `isAppUrl`, so
 * there is one definition of "our own page".
 */
export interface AppPage {
  /** The page to load: the dev server in `electron-vite dev`, else the built file. */
  readonly url: string;
  readonly isDevServer: boolean;
  /** True for the app's own page, whatever its route (hash) or query. */
  isAppUrl(url: string): boolean;
}

export interface AppPageOptions {
  /** The folder holding the built main bundle (out/main). */
  mainDir: string;
  /** `process.env.ELECTRON_RENDERER_URL`; only honoured when the app is not packaged. */
  devServerUrl?: string | undefined;
  isPackaged: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function createAppPage(options: AppPageOptions): AppPage {
  const devServer = options.isPackaged ? null : parseDevServerUrl(options.devServerUrl);
  if (devServer) {
    return {
      url: devServer.href,
      isDevServer: true,
      isAppUrl: (url) => parse(url)?.origin === devServer.origin,
    };
  }
  const indexUrl = pathToFileURL(join(options.mainDir, '../renderer/index.html'));
  return {
    url: indexUrl.href,
    isDevServer: false,
    isAppUrl: (url) => {
      const parsed = parse(url);
      return parsed?.protocol === 'file:' && parsed.host === '' && parsed.pathname === indexUrl.pathname;
    },
  };
}

/**
 * The variable comes from the environment, so a packaged app never reads it
 * and even in development only a loopback http address is accepted: anything
 * else would hand the bridge to a foreign page.
 */
function parseDevServerUrl(value: string | undefined): URL | null {
  const url = value ? parse(value) : null;
  if (!url || url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  return url;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
