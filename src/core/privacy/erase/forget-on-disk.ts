/**
 * After an erase, SQLite must forget too. Every connection deletes with
 * `secure_delete` on (db/open-database.ts), so the rows' old bytes are
 * zeroed in the pages; but the write-ahead log still holds the pages as
 * they were before the erase until it is checkpointed and cut. A
 * TRUNCATE checkpoint copies it into the database and cuts the file to zero.
 * Another connection reading at that moment (the CLI beside the window) can
 * keep it from finishing: then it is tried again at the next erase or open,
 * and the log says so (without the number).
 */
import type { Database } from '../../db/open-database';
import type { Log } from '../../log/log';

export function forgetOnDisk(db: Database, log: Pick<Log, 'warn'>): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  const done = result !== undefined && result.busy === 0;
  if (!done) log.warn('privacy.checkpointBusy', { ...result });
  return done;
}
