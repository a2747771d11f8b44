import { join } from 'node:path';
import type { DataRecoveryView } from '../../shared/dto';
import type { Log } from '../log/log';
import { backUpDatabase, restoreBackup } from './backup';
import { DatabaseTooNewError, MigrationFailedError, migrate, userVersion } from './migrate';
import { allMigrations } from './migrations';
import type { Migration } from './migrations/types';
import { openConnection, type Database } from './open-database';

export interface CoreDatabaseOptions {
  backupsDir: string;
  dataDir: string;
  log: Log;
  /** Tests pass a list with a broken step; the app, the real one. */
  migrations?: readonly Migration[];
}

/** The database the core runs on: brought up to date, or, when that failed, as it was before. */
export type OpenedDatabase = { db: Database; recovery: null } | { db: Database; recovery: DataRecoveryView };

/**
 * Opens torpedo.db for the core. When this version of Torpedo brings new
 * migrations to a file that already holds data, it first copies the file
 * with SQLite's online backup (db/backup.ts); no backup, no migration. If a
 * migration then fails, the backup is put back and the core starts on it, in
 * recovery (create-recovery-core.ts), with `recovery` saying what happened:
 * the user's data is exactly what it was before the update, and they are
 * told so. A file from a newer Torpedo is refused as before, untouched.
 */
export async function openCoreDatabase(file: string, options: CoreDatabaseOptions): Promise<OpenedDatabase> {
  const migrations = options.migrations ?? allMigrations;
  const { log } = options;
  let db = openConnection(file);
  const fromVersion = userVersion(db);
  const toVersion = migrations.length;
  if (fromVersion > toVersion) {
    db.close();
    throw new DatabaseTooNewError(fromVersion, toVersion);
  }
  if (fromVersion === toVersion) return { db, recovery: null };
  const recovery = (
    fields: Omit<DataRecoveryView, 'fromVersion' | 'toVersion' | 'dataFolder' | 'backupsFolder'>,
  ) => ({
    db,
    recovery: {
      ...fields,
      fromVersion,
      toVersion,
      dataFolder: options.dataDir,
      backupsFolder: options.backupsDir,
    },
  });

  // A new, empty file has nothing to lose: it is only created.
  let backup: string | undefined;
  if (fromVersion > 0) {
    try {
      backup = (await backUpDatabase(db, options.backupsDir, fromVersion)).name;
      log.info('database.backedUp', { backup, schemaVersion: fromVersion });
    } catch (error) {
      log.error('database.backupFailed', { schemaVersion: fromVersion, error });
      return recovery({ stage: 'backup', dataIntact: true });
    }
  }

  try {
    migrate(db, migrations);
    log.info('database.migrated', { from: fromVersion, to: toVersion });
    return { db, recovery: null };
  } catch (error) {
    if (!(error instanceof MigrationFailedError) || backup === undefined) {
      db.close();
      throw error;
    }
    log.error('database.migrationFailed', {
      from: fromVersion,
      to: toVersion,
      failedVersion: error.version,
      error,
    });
    db.close();
    const dataIntact = await restoreBackup(join(options.backupsDir, backup), file).then(
      () => true,
      (restoreError: unknown) => {
        log.error('database.restoreFailed', { backup, error: restoreError });
        return false;
      },
    );
    db = openConnection(file);
    if (dataIntact) log.info('database.restored', { backup, schemaVersion: userVersion(db) });
    return recovery({ stage: 'migration', failedVersion: error.version, backupName: backup, dataIntact });
  }
}
