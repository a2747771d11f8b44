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

describe('the Go menu (electron mocked)', () => {
  const go = (language: 'pt-BR' | 'en', send = vi.fn()) => {
    const template = menuTemplate({
      isDev: false,
      isMac: false,
      appName: 'Torpedo',
      language,
      focusedWindow: () => ({ webContents: { send } }) as never,
    });
    return { menu: template.find((i) => i.label === (language === 'en' ? 'Go' : 'Ir'))!, send };
  };

  it('reaches every page with Ctrl+1…9, and has Ctrl+N and Ctrl+F, shown beside each item', () => {
    const items = (go('pt-BR').menu.submenu as MenuItemConstructorOptions[]).filter(
      (i) => i.type !== 'separator',
    );
    expect(items.map((i) => [i.label, i.accelerator])).toEqual([
      ['Visão geral', 'CmdOrCtrl+1'],
      ['Contatos', 'CmdOrCtrl+2'],
      ['Campanhas', 'CmdOrCtrl+3'],
      ['Envios', 'CmdOrCtrl+4'],
      ['Links', 'CmdOrCtrl+5'],
      ['Créditos', 'CmdOrCtrl+6'],
      ['Faturas', 'CmdOrCtrl+7'],
      ['Configurações', 'CmdOrCtrl+8'],
      ['Modelos', 'CmdOrCtrl+9'],
      ['Nova campanha', 'CmdOrCtrl+N'],
      ['Buscar contato', 'CmdOrCtrl+F'],
    ]);
    const english = (go('en').menu.submenu as MenuItemConstructorOptions[]).map((i) => i.label);
    expect(english).toContain('Find a contact');
  });

  it('tells the focused window what was chosen, on the event port', () => {
    const { menu, send } = go('en');
    const items = menu.submenu as MenuItemConstructorOptions[];
    (items.find((i) => i.label === 'Links')!.click as () => void)();
    (items.find((i) => i.label === 'New campaign')!.click as () => void)();
    expect(send.mock.calls).toEqual([
      ['torpedo:event', { event: 'app:shortcut', payload: { page: '/links' } }],
      ['torpedo:event', { event: 'app:shortcut', payload: { action: 'newCampaign' } }],
    ]);
  });
});
