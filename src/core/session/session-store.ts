import type { ServiceMode } from '../../shared/dto';
import type { SettingsRepo } from '../db/settings-repo';

/**
 * Which account the app is signed into, kept in SQLite so a restart signs
 * back in. Only the profile, mode and address: the key itself is in the
 * keychain (or nowhere, for a memory-only session, which is never saved).
 */
export interface SavedSession {
  profile: string;
  mode: ServiceMode;
  /** null in demo mode: the sandbox gets a new port at every start. */
  baseUrl: string | null;
}

const KEY = 'session';

export const loadSavedSession = (settings: SettingsRepo) => settings.get<SavedSession>(KEY);
export const saveSession = (settings: SettingsRepo, session: SavedSession) => settings.set(KEY, session);
export const forgetSavedSession = (settings: SettingsRepo) => settings.delete(KEY);
