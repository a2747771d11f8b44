/**
 * Erasing one person at their request (core/privacy): the frequency cap's
 * log of the messages that went to the number goes (the person is never
 * messaged again, so there is nothing left to cap).
 *
 * A block list's rows stay: a list such as Procon-SP's "Não Me Ligue" is a
 * public register the shop must obey, kept as it was imported, not data the
 * shop collected about its customer; taking the number out of it would only
 * weaken the one thing the person asked of every business. Their part of the
 * block lists is shown on the person's page and named in the export.
 */
import type { Database } from '../db/open-database';

export function createRulesForget(db: Database) {
  const sendLog = db.prepare<[string, string]>('DELETE FROM send_log WHERE profile = ? AND phone = ?');
  /** Call inside the caller's transaction; returns the rows deleted. */
  return (profile: string, phone: string): { sendLog: number } => ({
    sendLog: sendLog.run(profile, phone).changes,
  });
}
