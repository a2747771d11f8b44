/** Which URL counts as the app's own page (pure; no Electron needed). */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAppPage } from '../../src/main/app-page';

const mainDir = join('/opt/Torpedo/resources/app.asar/out/main');
const indexUrl = pathToFileURL(join(mainDir, '../renderer/index.html')).href;

describe('app page (pure function; no Electron needed)', () => {
  it('in production, is the built index.html, whatever the route', () => {
    const page = createAppPage({ mainDir, isPackaged: true, devServerUrl: undefined });
    expect(page.isDevServer).toBe(false);
    expect(page.url).toBe(indexUrl);
    expect(indexUrl).toMatch(/^file:\/\/.*\/out\/renderer\/index\.html$/);
    expect(page.isAppUrl(indexUrl)).toBe(true);
    expect(page.isAppUrl(`${indexUrl}#/campaigns/3`)).toBe(true);
  });

  it('in production, refuses every other URL', () => {
    const page = createAppPage({ mainDir, isPackaged: true, devServerUrl: undefined });
    for (const url of [
      pathToFileURL(join(mainDir, '../renderer/other.html')).href,
      'file:///etc/passwd',
      `file://evil-host${new URL(indexUrl).pathname}`,
      'http://localhost:5173/',
      'https://smsgo.com.br/',
      'about:blank',
      '',
      'not a url',
    ]) {
      expect(page.isAppUrl(url), url).toBe(false);
    }
  });

  it('a packaged app ignores ELECTRON_RENDERER_URL', () => {
    const page = createAppPage({ mainDir, isPackaged: true, devServerUrl: 'http://localhost:5173' });
    expect(page.isDevServer).toBe(false);
    expect(page.isAppUrl('http://localhost:5173/')).toBe(false);
  });

  it('in development, trusts the dev server origin only', () => {
    const page = createAppPage({ mainDir, isPackaged: false, devServerUrl: 'http://localhost:5173' });
    expect(page.isDevServer).toBe(true);
    expect(page.url).toBe('http://localhost:5173/');
    expect(page.isAppUrl('http://localhost:5173/#/sign-in')).toBe(true);
    expect(page.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(page.isAppUrl('http://127.0.0.1:5173/')).toBe(false);
    expect(page.isAppUrl(indexUrl)).toBe(false);
  });

  it('in development, ignores a dev server URL that is not plain http on loopback', () => {
    for (const devServerUrl of [
      'https://evil.example:5173',
      'http://192.168.0.10:5173',
      'file:///tmp/x.html',
      'junk',
    ]) {
      const page = createAppPage({ mainDir, isPackaged: false, devServerUrl });
      expect(page.isDevServer, devServerUrl).toBe(false);
      expect(page.url).toBe(indexUrl);
    }
  });
});
