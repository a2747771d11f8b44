import type { SettingsView } from '../../shared/dto';
import type { SettingsRepo } from '../db/settings-repo';

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
