import type { SettingsView } from '../../shared/dto';
import type { SettingsRepo } from '../db/settings-repo';
import type { Host } from '../kernel/host';
import { notifyLanguage, type NotifyLanguage } from '../notify';

const KEY = 'ui';
const DEFAULTS: SettingsView = { language: 'system', theme: 'system' };

export const readUiSettings = (settings: SettingsRepo): SettingsView => ({
  ...DEFAULTS,
  ...settings.get<Partial<SettingsView>>(KEY),
});

export function updateUiSettings(settings: SettingsRepo, patch: Partial<SettingsView>): SettingsView {
  const next = { ...readUiSettings(settings), ...patch };
  settings.set(KEY, next);
  return next;
}

/** The language of notifications and of files written for the user: the setting, else the OS's. */
export function uiLanguage(settings: SettingsRepo, host: Pick<Host, 'osLocale'>): NotifyLanguage {
  const chosen = readUiSettings(settings).language;
  return notifyLanguage(chosen === 'system' ? host.osLocale() : chosen);
}
