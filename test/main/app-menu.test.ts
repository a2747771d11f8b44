/** The application menu template. Electron is mocked (Menu and shell are spies). */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

const shell = vi.hoisted(() => ({ openExternal: vi.fn(() => Promise.resolve()) }));
vi.mock('electron', () => ({ shell, Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() } }));

const { HELP_URL, menuTemplate } = await import('../../src/main/app-menu');

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);

describe('application menu (electron mocked)', () => {
  it('has the edit roles text fields need', () => {
    const all = roles(menuTemplate({ isDev: false, isMac: false, appName: 'Torpedo' }));
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) expect(all).toContain(role);
  });

  it('offers reload and devtools only while developing', () => {
    const production = roles(menuTemplate({ isDev: false, isMac: true, appName: 'Torpedo' }));
    expect(production).not.toContain('reload');
    expect(production).not.toContain('forceReload');
    expect(production).not.toContain('toggleDevTools');
    const dev = roles(menuTemplate({ isDev: true, isMac: false, appName: 'Torpedo' }));
    expect(dev).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('has the app menu on macOS only', () => {
    expect(menuTemplate({ isDev: false, isMac: true, appName: 'Torpedo' })[0]?.label).toBe('Torpedo');
    expect(menuTemplate({ isDev: false, isMac: false, appName: 'Torpedo' })[0]?.role).toBe('fileMenu');
  });

  it('links help to an https page, opened in the browser', () => {
    expect(HELP_URL).toMatch(/^https:\/\//);
    const help = menuTemplate({ isDev: false, isMac: false, appName: 'Torpedo' }).find(
      (i) => i.role === 'help',
    );
    const [item] = (help?.submenu ?? []) as MenuItemConstructorOptions[];
    (item?.click as () => void)();
    expect(shell.openExternal).toHaveBeenCalledWith(HELP_URL);
  });
});
