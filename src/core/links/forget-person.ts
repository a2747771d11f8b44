/**
 * Erasing one person at their request (core/privacy): their clicks on the
 * short links stay counted (a link's and a campaign's clicks stay right) but
 * lose who clicked and with what (the browser's user agent describes their
 * phone).
 */
import type { Database } from '../db/open-database';

export function createLinksForget(db: Database) {
  const anonymise = db.prepare<[string, string]>(
    'UPDATE short_link_clicks SET phone = NULL, user_agent = NULL WHERE profile = ? AND phone = ?',
  );
  /** Call inside the caller's transaction; returns the rows changed. */
  return (profile: string, phone: string): { clicks: number } => ({
    clicks: anonymise.run(profile, phone).changes,
  });
}
