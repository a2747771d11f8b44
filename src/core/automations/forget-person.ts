/**
 * Erasing one person at their request (core/privacy): an automation's record
 * of who each occurrence was for (name and number) loses their rows; the
 * occurrence keeps its count of recipients.
 */
import type { Database } from '../db/open-database';

export function createAutomationsForget(db: Database) {
  const recipients = db.prepare<[string, string]>(
    'DELETE FROM automation_recipients WHERE profile = ? AND phone = ?',
  );
  /** Call inside the caller's transaction; returns the rows deleted. */
  return (profile: string, phone: string): { automationRecipients: number } => ({
    automationRecipients: recipients.run(profile, phone).changes,
  });
}
