/**
 * Navigation, popups, webviews and permissions. Electron is mocked (its binary
 * cannot start here): `shell.openExternal` is a spy, and the web contents and
 * session are hand-made stand-ins that record the handlers installed on them.
 */
import type { Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shell = vi.hoisted(() => ({ openExternal: vi.fn(() => Promise.resolve()) }));
vi.mock('electron', () => ({ shell }));

const { denyAllPermissions, installNavigationGuards } = await import('../../src/main/navigation-guards');

const APP = 'file:///app/out/renderer/index.html';
const isAppUrl = (url: string) => url.split('#')[0] === APP;

type Handler = (event: { preventDefault: () => void }, url: string) => void;

function fakeContents() {
  const handlers = new Map<string, Handler>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, handler: Handler) => handlers.set(name, handler),
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
  } as unknown as WebContents;
  installNavigationGuards(contents, isAppUrl);
  const fire = (name: string, url = '') => {
    const event = { preventDefault: vi.fn() };
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no ${name} handler`);
    handler(event, url);
    return event.preventDefault.mock.calls.length > 0;
  };
  const open = (url: string) => openHandler?.({ url });
  return { fire, open };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('navigation guards (electron mocked)', () => {
  beforeEach(() => shell.openExternal.mockClear());

  it("lets the app's own page navigate (route changes, reloads)", () => {
    const { fire } = fakeContents();
    expect(fire('will-navigate', APP)).toBe(false);
    expect(fire('will-navigate', `${APP}#/campaigns`)).toBe(false);
  });

  it('blocks navigation to any other URL', () => {
    const { fire } = fakeContents();
    for (const url of [
      'https://evil.example/',
      'http://localhost:5173/',
      'file:///etc/passwd',
      'about:blank',
    ]) {
      expect(fire('will-navigate', url), url).toBe(true);
    }
  });

  it('opens a followed https link in the browser instead, and nothing else', async () => {
    const { fire } = fakeContents();
    fire('will-navigate', 'https://smsgo.com.br/docs');
    fire('will-navigate', 'http://insecure.example/');
    fire('will-navigate', 'file:///etc/passwd');
    await flush();
    expect(shell.openExternal.mock.calls).toEqual([['https://smsgo.com.br/docs']]);
  });

  it('blocks redirects away from the app without opening them', async () => {
    const { fire } = fakeContents();
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', APP)).toBe(false);
    await flush();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('refuses every <webview>', () => {
    const { fire } = fakeContents();
    expect(fire('will-attach-webview')).toBe(true);
  });

  it('denies every window.open, sending only https URLs to the browser', async () => {
    const { open } = fakeContents();
    const urls = [
      'https://smsgo.com.br/',
      'http://example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://server/share',
      APP,
      'not a url',
    ];
    for (const url of urls) expect(open(url), url).toEqual({ action: 'deny' });
    await flush();
    expect(shell.openExternal.mock.calls).toEqual([['https://smsgo.com.br/']]);
  });
});

describe('permissions (electron mocked)', () => {
  it('denies every permission request and check', () => {
    let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    let device: (() => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
      setDevicePermissionHandler: (h: typeof device) => (device = h),
    } as unknown as Session;
    denyAllPermissions(session);

    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request?.({}, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
    }
    expect(check?.()).toBe(false);
    expect(device?.()).toBe(false);
  });
});
