/**
 * Erasing one person at their request (core/privacy): in the send history
 * as the service reported it, each message to the number keeps its status,
 * outcome and cost (the period's and the campaign's totals stay right) and
 * its number becomes the erase's anonymous token.
 */
import type { Database } from '../db/open-database';

export function createHistoryForget(db: Database) {
  const anonymise = db.prepare<[string, string, string]>(
    `UPDATE history_numbers SET phone = ?
      WHERE phone = ? AND send_seq IN (SELECT seq FROM history_sends WHERE profile = ?)`,
  );
  /** Call inside the caller's transaction; returns the rows changed. */
  return (profile: string, phone: string, token: string): { historyNumbers: number } => ({
    historyNumbers: anonymise.run(token, phone, profile).changes,
  });
}
