import { join } from 'node:path';
import type { DataNoticeView, DataRecoveryView } from '../../shared/dto';
import { tightenDataFolder } from '../files/owner-only';
import type { Log } from '../log/log';
import { backUpDatabase, restoreBackup } from './backup';
import { checkDatabase, stampLineage } from './check-database';
import { dataProblemOf } from './data-problem';
import { MigrationFailedError, migrate, userVersion } from './migrate';
import { allMigrations } from './migrations';
import type { Migration } from './migrations/types';
import { openConnection, type Database } from './open-database';

export interface CoreDatabaseOptions {
  backupsDir: string;
  dataDir: string;
  log: Log;
  /** Tests pass a list with a broken step; the app, the real one. */
  migrations?: readonly Migration[];
  now?: () => Date;
}

/**
 * The database the core runs on: checked and brought up to date; or, when
 * that could not be, what is wrong (`recovery`), with the file open as it
 * was where it can be read safely, else none.
 */
export type OpenedDatabase =
  | { db: Database; recovery: null; notices: DataNoticeView[] }
  | { db: Database | null; recovery: DataRecoveryView; notices: DataNoticeView[] };

type RecoveryFields = Omit<DataRecoveryView, 'fromVersion' | 'toVersion' | 'dataFolder' | 'backupsFolder'>;

/**
 * Opens torpedo.db for the core: the one way any Torpedo process opens a data
 * folder it has not checked yet (the app, every CLI command), so every file
 * is checked, and every migration backed up first.
 *
 * 1. The folder and its files are made owner-only (files/owner-only.ts).
 * 2. The file is checked (check-database.ts): a WAL that is not its own is
 *    set aside, never replayed (a notice says so); a damaged file is not
 *    opened for writing at all: recovery `damaged`.
 * 3. A file from a newer Torpedo: recovery `too_new`, the file open but untouched.
 * 4. New migrations on a file that holds data: first a copy with SQLite's
 *    online backup (db/backup.ts); no backup, no migration (recovery
 *    `backup`). If a migration then fails, the backup is put back and the
 *    core starts on it (recovery `migration`).
 * A folder that cannot be written or a full disk throws, with its cause
 * (data-problem.ts); create-core.ts starts the recovery core for it.
 */
export async function openCoreDatabase(file: string, options: CoreDatabaseOptions): Promise<OpenedDatabase> {
  const migrations = options.migrations ?? allMigrations;
  const { log, dataDir } = options;
  const now = options.now ?? (() => new Date());
  const toVersion = migrations.length;
  const place = { toVersion, dataFolder: dataDir, backupsFolder: options.backupsDir };
  const notices: DataNoticeView[] = [];

  const tightened = tightenDataFolder(dataDir);
  if (tightened > 0) log.info('data.folderTightened', { files: tightened });

  const check = checkDatabase(file, now());
  if (check.state === 'damaged') {
    log.error('database.damaged', { code: check.code, detail: check.detail });
    return {
      db: null,
      recovery: { stage: 'damaged', code: check.code, dataIntact: true, fromVersion: 0, ...place },
      notices,
    };
  }
  if (check.state === 'sound' && check.walSetAside) {
    const setAside = check.walSetAside.slice(dataDir.length + 1);
    log.warn('database.walSetAside', { file: setAside, reason: 'foreign_wal' });
    notices.push({ code: 'wal_set_aside', file: setAside, at: now().toISOString() });
  }

  let db = openConnection(file);
  const fromVersion = userVersion(db);
  const recovery = (fields: RecoveryFields) => ({
    db,
    recovery: { ...fields, fromVersion, ...place },
    notices,
  });
  if (fromVersion > toVersion) {
    log.error('database.tooNew', { fromVersion, toVersion });
    return recovery({ stage: 'too_new', dataIntact: true });
  }
  if (fromVersion === toVersion) {
    stampLineage(db);
    return { db, recovery: null, notices };
  }

  // A new, empty file has nothing to lose: it is only created.
  let backup: string | undefined;
  if (fromVersion > 0) {
    try {
      backup = (await backUpDatabase(db, options.backupsDir, fromVersion)).name;
      log.info('database.backedUp', { backup, schemaVersion: fromVersion });
    } catch (error) {
      const problem = dataProblemOf(error, options.backupsDir);
      log.error('database.backupFailed', { schemaVersion: fromVersion, code: problem?.underlying, error });
      return recovery({
        stage: 'backup',
        dataIntact: true,
        ...(problem ? { code: problem.underlying } : {}),
      });
    }
  }

  try {
    migrate(db, migrations);
    stampLineage(db);
    log.info('database.migrated', { from: fromVersion, to: toVersion });
    return { db, recovery: null, notices };
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
