/**
 * Erasing one person at their request (core/privacy): the sync's queue keeps
 * a number beside a contact waiting to be sent; it goes. The delete of the
 * contact at the service is sent by its ids (the contacts domain logs it),
 * so the service's copy goes too.
 */
import type { Database } from '../db/open-database';

export function createSyncForget(db: Database) {
  const queued = db.prepare<[string, string]>(
    'UPDATE sync_queue SET phone = NULL WHERE profile = ? AND phone = ?',
  );
  /** Call inside the caller's transaction; returns the rows changed. */
  return (profile: string, phone: string): { syncQueue: number } => ({
    syncQueue: queued.run(profile, phone).changes,
  });
}
