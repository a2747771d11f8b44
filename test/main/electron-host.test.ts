/**
 * The Host the core gets in the desktop app. Electron is mocked: app, net,
 * shell, clipboard and Notification are spies.
 */
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const shown: { title: string; body: string }[] = [];
  return {
    shown,
    supported: { value: true },
    app: {
      getVersion: () => '0.1.0',
      getPreferredSystemLanguages: vi.fn(() => ['pt-BR', 'en-US']),
      getLocale: () => 'en-US',
    },
    net: { isOnline: vi.fn(() => false) },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    clipboard: { writeText: vi.fn() },
  };
});
vi.mock('electron', () => ({
  app: electron.app,
  net: electron.net,
  shell: electron.shell,
  clipboard: electron.clipboard,
  Notification: class {
    static isSupported = () => electron.supported.value;
    constructor(private readonly options: { title: string; body: string }) {}
    show() {
      electron.shown.push(this.options);
    }
  },
}));

const { createElectronHost, systemLocale } = await import('../../src/main/electron-host');

describe('electron host (electron mocked)', () => {
  const host = createElectronHost();

  it('reports version, platform, locale and the OS view of the network', () => {
    expect(host.appVersion).toBe('0.1.0');
    expect(host.platform).toBe(process.platform);
    expect(host.osLocale()).toBe('pt-BR');
    expect(host.isOnline()).toBe(false);
    expect(electron.net.isOnline).toHaveBeenCalled();
  });

  it('opens https links and refuses anything else, even though callers validated', async () => {
    await host.openExternal('https://smsgo.com.br/');
    for (const url of [
      'http://smsgo.com.br/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://host/share',
    ]) {
      await expect(host.openExternal(url), url).rejects.toThrow(/https/);
    }
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://smsgo.com.br/']]);
  });

  it('writes the clipboard', () => {
    host.writeClipboard('whsec_123');
    expect(electron.clipboard.writeText).toHaveBeenCalledWith('whsec_123');
  });

  it('shows a notification only where the OS supports them', () => {
    host.notify('Campanha enviada', '120 mensagens');
    electron.supported.value = false;
    host.notify('ignored', 'ignored');
    electron.supported.value = true;
    expect(electron.shown).toEqual([{ title: 'Campanha enviada', body: '120 mensagens' }]);
  });
});

describe('systemLocale (pure)', () => {
  it.each([
    [['pt-BR'], 'en-US', 'pt-BR'],
    [['pt_BR.UTF-8', 'pt_BR', 'pt', 'C'], 'en-US', 'pt-BR'],
    [['C'], 'es-419', 'es-419'],
    [[], 'pt-PT', 'pt-PT'],
    [['POSIX'], '', 'en'],
    [['de_DE@euro'], 'en-US', 'de-DE'],
  ])('%j with fallback %s gives %s', (preferred, fallback, expected) => {
    expect(systemLocale(preferred, fallback)).toBe(expected);
  });
});
