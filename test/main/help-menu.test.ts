/** The Help menu's support items (electron is only types here). */
import { describe, expect, it, vi } from 'vitest';
import { copiedNotice, helpMenuItems } from '../../src/main/help-menu';

describe('Help menu: logs folder and diagnostics', () => {
  it.each([
    ['pt-BR', ['Abrir pasta de registros', 'Copiar diagnóstico'], 'Diagnóstico copiado'],
    ['pt-PT', ['Abrir pasta de registros', 'Copiar diagnóstico'], 'Diagnóstico copiado'],
    ['en-US', ['Open logs folder', 'Copy diagnostics'], 'Diagnostics copied'],
    ['de', ['Open logs folder', 'Copy diagnostics'], 'Diagnostics copied'],
  ])('speaks the OS language (%s), like the menu items Electron names', (locale, labels, copied) => {
    const actions = { openLogFolder: vi.fn(), copyDiagnostics: vi.fn() };
    const items = helpMenuItems(locale, actions);
    expect(items.filter((i) => i.label).map((i) => i.label)).toEqual(labels);
    items[1]?.click?.({} as never, undefined, {} as never);
    items[2]?.click?.({} as never, undefined, {} as never);
    expect(actions.openLogFolder).toHaveBeenCalledTimes(1);
    expect(actions.copyDiagnostics).toHaveBeenCalledTimes(1);
    expect(copiedNotice(locale).title).toBe(copied);
  });
});
