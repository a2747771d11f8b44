import type { MenuItemConstructorOptions } from 'electron';

/** What the Help menu's support items do; main wires them to the log folder and the core. */
export interface HelpActions {
  openLogFolder(): void;
  copyDiagnostics(): void;
}

const LABELS = {
  'pt-BR': { openLogs: 'Abrir pasta de registros', copyDiagnostics: 'Copiar diagnóstico' },
  en: { openLogs: 'Open logs folder', copyDiagnostics: 'Copy diagnostics' },
} as const;

/**
 * The Help menu's items for support, in the OS's language like the menu's
 * standard items (Electron names those from the OS, not from the app's setting).
 */
export function helpMenuItems(locale: string, actions: HelpActions): MenuItemConstructorOptions[] {
  const labels = LABELS[locale.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en'];
  return [
    { type: 'separator' },
    { label: labels.openLogs, click: () => actions.openLogFolder() },
    { label: labels.copyDiagnostics, click: () => actions.copyDiagnostics() },
  ];
}
