import type { MenuItemConstructorOptions } from 'electron';
import { appLanguage } from '../shared/app-language';

/** What the Help menu's support items do; main wires them to the log folder and the core. */
export interface HelpActions {
  openLogFolder(): void;
  copyDiagnostics(): void;
}

const LABELS = {
  'pt-BR': {
    openLogs: 'Abrir pasta de registros',
    copyDiagnostics: 'Copiar diagnóstico',
    copied: 'Diagnóstico copiado',
    copiedBody: 'Cole no e-mail ou na conversa com o suporte.',
  },
  en: {
    openLogs: 'Open logs folder',
    copyDiagnostics: 'Copy diagnostics',
    copied: 'Diagnostics copied',
    copiedBody: 'Paste them into the e-mail or chat with support.',
  },
} as const;

const labelsFor = (locale: string) => LABELS[appLanguage(locale)];

/** What the notification after "Copiar diagnóstico" says (a menu item has no other way to answer). */
export const copiedNotice = (locale: string) => {
  const labels = labelsFor(locale);
  return { title: labels.copied, body: labels.copiedBody };
};

/**
 * The Help menu's items for support, in the OS's language like the menu's
 * standard items (Electron names those from the OS, not from the app's setting).
 */
export function helpMenuItems(locale: string, actions: HelpActions): MenuItemConstructorOptions[] {
  const labels = labelsFor(locale);
  return [
    { type: 'separator' },
    { label: labels.openLogs, click: () => actions.openLogFolder() },
    { label: labels.copyDiagnostics, click: () => actions.copyDiagnostics() },
  ];
}
