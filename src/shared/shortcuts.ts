/**
 * The keyboard shortcuts, once for both sides: main's menu shows them (with
 * their accelerators, so they are written beside each item) and the page
 * handles the same keys itself, so they work in any window that shows the
 * app, the e2e browser included. Labels are the menu's, in both languages
 * (main has no i18n of its own); the page's texts are in its i18n files.
 */

export type ShortcutLanguage = 'pt-BR' | 'en';

export interface PageShortcut {
  /** The digit pressed with Ctrl (⌘ on a Mac). */
  key: string;
  path: string;
  label: Record<ShortcutLanguage, string>;
}

export const PAGE_SHORTCUTS: readonly PageShortcut[] = [
  { key: '1', path: '/overview', label: { 'pt-BR': 'Visão geral', en: 'Overview' } },
  { key: '2', path: '/contacts', label: { 'pt-BR': 'Contatos', en: 'Contacts' } },
  { key: '3', path: '/campaigns', label: { 'pt-BR': 'Campanhas', en: 'Campaigns' } },
  { key: '4', path: '/history', label: { 'pt-BR': 'Envios', en: 'Sends' } },
  { key: '5', path: '/links', label: { 'pt-BR': 'Links', en: 'Links' } },
  { key: '6', path: '/credits', label: { 'pt-BR': 'Créditos', en: 'Credits' } },
  { key: '7', path: '/credits/invoices', label: { 'pt-BR': 'Faturas', en: 'Invoices' } },
  { key: '8', path: '/settings/account', label: { 'pt-BR': 'Configurações', en: 'Settings' } },
  { key: '9', path: '/templates', label: { 'pt-BR': 'Modelos', en: 'Templates' } },
];

/** Letters pressed with Ctrl (⌘), and what they do. */
export const ACTION_SHORTCUTS = {
  newCampaign: { key: 'n', label: { 'pt-BR': 'Nova campanha', en: 'New campaign' } },
  findContact: { key: 'f', label: { 'pt-BR': 'Buscar contato', en: 'Find a contact' } },
} as const;

export type ShortcutAction = keyof typeof ACTION_SHORTCUTS;

/** The menu's title for these, per language. */
export const GO_MENU_LABEL: Record<ShortcutLanguage, string> = { 'pt-BR': 'Ir', en: 'Go' };

/** What the menu asks the page to do (sent as the `app:shortcut` event). */
export type ShortcutCommand = { page: string } | { action: ShortcutAction };

/** Electron's accelerator for a key pressed with Ctrl (⌘ on a Mac). */
export const accelerator = (key: string): string => `CmdOrCtrl+${key.toUpperCase()}`;

/** The command a key press stands for (Ctrl or ⌘, no Alt or Shift), or null. */
export function shortcutFor(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): ShortcutCommand | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  const page = PAGE_SHORTCUTS.find((s) => s.key === key);
  if (page) return { page: page.path };
  for (const [action, shortcut] of Object.entries(ACTION_SHORTCUTS)) {
    if (shortcut.key === key) return { action: action as ShortcutAction };
  }
  return null;
}
