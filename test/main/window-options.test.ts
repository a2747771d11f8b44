/**
 * The BrowserWindow options, checked as data: window-options.ts imports only
 * Electron's types, so no Electron (real or mocked) is involved.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BACKGROUND, MIN_SIZE, windowIconPath, windowOptions } from '../../src/main/window-options';

describe('window options (pure function; no Electron needed)', () => {
  const options = windowOptions({ mainDir: '/app/out/main', dark: false });
  const prefs = options.webPreferences ?? {};

  it('isolates the page from Node: contextIsolation, sandbox, no nodeIntegration anywhere', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and the risky features off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.spellcheck).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('loads the CommonJS preload that electron-vite builds beside out/main', () => {
    expect(prefs.preload?.replace(/\\/g, '/')).toBe('/app/out/preload/index.cjs');
  });

  it("shows the app's icon on Linux, from resources/ beside out/ (the OS gives it elsewhere)", () => {
    const linux = windowOptions({ mainDir: '/app/out/main', dark: false, platform: 'linux' });
    expect(String(linux.icon).replace(/\\/g, '/')).toBe('/app/resources/icon.png');
    expect(windowOptions({ mainDir: '/app/out/main', dark: false, platform: 'win32' }).icon).toBeUndefined();
    expect(windowOptions({ mainDir: '/app/out/main', dark: false, platform: 'darwin' }).icon).toBeUndefined();
    // The file the built app will read (out/main -> resources/icon.png) exists.
    expect(existsSync(windowIconPath(resolve(import.meta.dirname, '../../out/main')))).toBe(true);
  });

  it('opens hidden at 1280×800 with a minimum size', () => {
    expect(options.show).toBe(false);
    expect([options.width, options.height]).toEqual([1280, 800]);
    expect([options.minWidth, options.minHeight]).toEqual([MIN_SIZE.width, MIN_SIZE.height]);
    expect(options.minWidth).toBeGreaterThanOrEqual(1024);
  });

  it('paints the background in the theme the page will use', () => {
    expect(options.backgroundColor).toBe(BACKGROUND.light);
    expect(windowOptions({ mainDir: '/app/out/main', dark: true }).backgroundColor).toBe(BACKGROUND.dark);
  });
});
