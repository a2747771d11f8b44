/**
 * The real electron-updater, as far as it runs outside Electron: the
 * AppImage updater of this platform reads a local feed server's
 * latest-linux.yml, finds the newer version, downloads it in the background
 * and checks its sha512, and on quit puts it in place of the running
 * AppImage, all driven by main's UpdaterService. What stands in for
 * Electron: the app adapter (version, paths, quit) and the HTTP client
 * (Node's http instead of Electron's net). What only a packed, installed app
 * proves: see README ("Updates") and the report of npm run check:package.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';
import { AppImageUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdaterService, type DeliveryWatch } from '../../../src/main/updates/updater-service';

/**
 * Node's http client for electron-updater, in place of its ElectronHttpExecutor
 * (Electron's net): the same download path (HttpExecutor.doDownload, which
 * checks the sha512), only the request is Node's.
 */
class NodeHttpExecutor extends HttpExecutor<ReturnType<typeof request>> {
  createRequest(options: object, callback: (response: unknown) => void) {
    return request(options, callback);
  }
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers || undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

const NEW_APP = '#!/bin/sh\n# Torpedo 0.2.0, as far as this test is concerned\nexit 0\n';
const sha512 = (data: string | Buffer) => createHash('sha512').update(data).digest('base64');

interface Feed {
  url: string;
  server: Server;
  requests: string[];
  /** What the server answers for each path. */
  files: Map<string, string | Buffer>;
}

async function startFeed(): Promise<Feed> {
  const files = new Map<string, string | Buffer>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    requests.push(path);
    const body = files.get(path);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server, requests, files };
}

function latestYml(version: string, file: string, body: string | Buffer, sha = sha512(body)): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha}`,
    `    size: ${Buffer.byteLength(body)}`,
    `path: ${file}`,
    `sha512: ${sha}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    "releaseNotes: '<p>Importação mais rápida</p>'",
    '',
  ].join('\n');
}

const idle: DeliveryWatch = { isDelivering: async () => false, onChange: () => () => undefined };

describe.runIf(process.platform === 'linux')(
  'electron-updater against a local feed (latest-linux.yml)',
  () => {
    let dir: string;
    let feed: Feed;
    let quitHandlers: ((code: number) => void)[];
    const savedAppImage = process.env.APPIMAGE;

    async function updater() {
      quitHandlers = [];
      await writeFile(
        join(dir, 'app-update.yml'),
        `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: torpedo-updater-test\n`,
      );
      const app: AppAdapter = {
        version: '0.1.0',
        name: 'Torpedo',
        isPackaged: true,
        appUpdateConfigPath: join(dir, 'app-update.yml'),
        userDataPath: join(dir, 'userData'),
        baseCachePath: join(dir, 'cache'),
        whenReady: () => Promise.resolve(),
        relaunch: () => undefined,
        quit: () => undefined,
        onQuit: (handler) => void quitHandlers.push(handler),
      };
      const appImage = new AppImageUpdater(null, app);
      (appImage as unknown as { httpExecutor: HttpExecutor<never> }).httpExecutor =
        new NodeHttpExecutor() as never;
      appImage.logger = null;
      return appImage;
    }

    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'torpedo-updater-'));
      feed = await startFeed();
      // The AppImage the user runs: the updater replaces this file.
      process.env.APPIMAGE = join(dir, 'Torpedo.AppImage');
      await writeFile(process.env.APPIMAGE, '#!/bin/sh\n# Torpedo 0.1.0\nexit 0\n', { mode: 0o755 });
    });
    afterEach(async () => {
      if (savedAppImage === undefined) delete process.env.APPIMAGE;
      else process.env.APPIMAGE = savedAppImage;
      await new Promise((resolve) => feed.server.close(resolve));
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    });

    it('finds a newer version, downloads and verifies it in the background, and installs it on quit', async () => {
      feed.files.set('latest-linux.yml', latestYml('0.2.0', 'Torpedo-0.2.0.AppImage', NEW_APP));
      feed.files.set('Torpedo-0.2.0.AppImage', NEW_APP);
      const real = await updater();
      expect(real.isUpdaterActive()).toBe(true);
      const service = new UpdaterService({ updater: real, currentVersion: '0.1.0', feed: null });
      service.start(idle);

      const checked = await service.check();
      expect(checked.lastCheck?.result).toBe('available');
      await vi.waitFor(() => expect(service.status().state).toBe('ready'), { timeout: 15_000 });
      expect(service.status().available).toEqual({
        version: '0.2.0',
        releaseDate: '2026-11-20T10:00:00.000Z',
        notes: 'Importação mais rápida',
      });
      expect(feed.requests).toContain('latest-linux.yml');
      expect(feed.requests).toContain('Torpedo-0.2.0.AppImage');

      // The user quits: electron-updater's quit handler puts the new AppImage in place.
      expect(quitHandlers).toHaveLength(1);
      quitHandlers[0]!(0);
      expect(await readFile(process.env.APPIMAGE!, 'utf8')).toBe(NEW_APP);
      service.stop();
    });

    it('says it is up to date when the feed has this version', async () => {
      feed.files.set('latest-linux.yml', latestYml('0.1.0', 'Torpedo-0.1.0.AppImage', 'same'));
      const service = new UpdaterService({ updater: await updater(), currentVersion: '0.1.0', feed: null });
      const status = await service.check();
      expect(status).toMatchObject({ state: 'idle', available: null, lastCheck: { result: 'upToDate' } });
      expect(feed.requests).toEqual(['latest-linux.yml']);
    });

    it('refuses a download whose sha512 is not the one the feed gave, and keeps the old app', async () => {
      feed.files.set('latest-linux.yml', latestYml('0.2.0', 'Torpedo-0.2.0.AppImage', NEW_APP));
      feed.files.set('Torpedo-0.2.0.AppImage', NEW_APP.replace('exit 0', 'rm -rf ~'));
      const service = new UpdaterService({ updater: await updater(), currentVersion: '0.1.0', feed: null });
      await service.check();
      await vi.waitFor(() => expect(service.status().state).toBe('error'), { timeout: 15_000 });
      expect(service.status().error).toMatch(/sha512/i);
      expect(service.status().available?.version).toBe('0.2.0');
      expect(await readFile(process.env.APPIMAGE!, 'utf8')).toContain('0.1.0');
    });

    it('a feed that cannot be read is a failed check, said in the status', async () => {
      const service = new UpdaterService({ updater: await updater(), currentVersion: '0.1.0', feed: null });
      const status = await service.check();
      expect(status).toMatchObject({ state: 'error', lastCheck: { result: 'error' } });
      expect(status.error).toMatch(/404|latest-linux\.yml/);
    });
  },
);
