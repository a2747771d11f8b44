import { join } from 'node:path';
import { envClock } from '../env-clock';
import type { Core } from './core';
import { openCoreDatabase } from '../db/open-core-database';
import type { Database } from '../db/open-database';
import { createRecoveryCore } from './create-recovery-core';
import { backupsDirOf } from '../db/backup';
import { dataProblemOf } from '../db/data-problem';
import type { DataProblemCode } from '../../shared/data-problem-text';
import { allMigrations } from '../db/migrations';
import { reopenableCore, type Reopen } from './reopenable-core';
import type { DataRecoveryView } from '../../shared/dto';
import type { Log } from '../log/log';
import { openLog } from '../log/open-log';
import { isLogLevel } from '../log/log-level';
import type { CreateCoreOptions } from './create-core-options';
import { composeCore } from './compose-core';

export const DATABASE_FILE = 'torpedo.db';

// What a host needs besides createCore (the CLI imports nothing else of the core: eslint/boundaries.js).
export type { Core } from './core';
export type { Host } from './host';
export { defaultDataDir } from '../data-dir';
// Which trouble of the data folder a failure is (a full disk, a folder that cannot be written, a newer
// format...), for a failure that never reached a dispatch (the log's folder could not be made).
export { dataProblemOf } from '../db/data-problem';
// What a host writes for the owner (an export, the rejected rows) is the owner's only, as the data is.
export { OWNER_ONLY_FILE } from '../files/owner-only';
export type { CreateCoreOptions } from './create-core-options';
// The desktop's main process writes its own log beside the core's, and serves the updater through the core's port.
export type { Log, LogFields } from '../log/log';
export { openLog } from '../log/open-log';
export { isLogLevel } from '../log/log-level';
export { unsupportedStatus, type UpdatesPort } from '../updates/updates-port';

/**
 * Builds the whole core for one data folder: the shared parts, then every
 * domain as a CoreModule, composed. Electron's main, the CLI and the e2e
 * harness all start the app through here. What they get can start itself
 * again (reopenable-core.ts): a restore replaces the data under it.
 */
export async function createCore(options: CreateCoreOptions): Promise<Core> {
  const level = (options.env ?? process.env).TORPEDO_LOG_LEVEL;
  const log =
    options.log ??
    openLog({
      dataDir: options.dataDir,
      ...(options.logName ? { name: options.logName, src: options.logName } : {}),
      ...(isLogLevel(level) ? { level } : {}),
    });
  if (options.logSecrets) log.protect(options.logSecrets);
  // A log the core opened itself closes with it; main's own outlives the core.
  const closeLog = options.log ? async () => undefined : () => log.close();
  try {
    return await reopenableCore((reopen) => startCore({ ...options, log }, reopen), closeLog);
  } catch (error) {
    await closeLog();
    throw error;
  }
}

/**
 * The core on the data folder as it is now: the whole app on data that was
 * checked and is up to date, else the recovery core, saying what is wrong
 * (a damaged file, a newer format, a failed update, a folder that cannot be
 * written, a full disk) and offering what is safe.
 */
async function startCore(given: CreateCoreOptions & { log: Log }, reopen: Reopen): Promise<Core> {
  // One clock for every part of this core: the host's, else the machine's (moved by TORPEDO_CLOCK).
  const now = given.now ?? envClock(given.env ?? process.env);
  const options = { ...given, now };
  const { log, dataDir } = options;
  const backups = backupsDirOf(dataDir);
  const dbFile = join(dataDir, DATABASE_FILE);
  const data = { dbFile, reopen };
  let db: Database | null = null;
  try {
    // Main's connection; the import and catch-up threads and the campaign freezer open their own to the same file.
    const opened = await openCoreDatabase(dbFile, {
      dataDir,
      backupsDir: backups,
      log,
      now,
      ...(options.migrations ? { migrations: options.migrations } : {}),
    });
    db = opened.db;
    if (opened.recovery) {
      return createRecoveryCore({
        ...options,
        db,
        recovery: opened.recovery,
        log,
        ...data,
        notices: opened.notices,
      });
    }
    return await composeCore(options, { db: opened.db, dbFile, log }, { ...data, notices: opened.notices });
  } catch (error) {
    if (db?.open) db.close();
    // A folder that cannot be written, a full disk: said on the recovery page, not as a crash.
    const problem = dataProblemOf(error, dataDir);
    log.error('core.startFailed', { ...(problem ? { code: problem.underlying } : {}), error });
    if (!problem) throw error;
    const recovery: DataRecoveryView = {
      stage: RECOVERY_STAGE[problem.code] ?? 'damaged',
      code: problem.underlying,
      dataIntact: true,
      fromVersion: 0,
      toVersion: (options.migrations ?? allMigrations).length,
      dataFolder: dataDir,
      backupsFolder: backups,
    };
    return createRecoveryCore({ ...options, db: null, recovery, log, ...data, notices: [] });
  }
}

/** The recovery page's stage for a problem met while starting. */
const RECOVERY_STAGE: Partial<Record<DataProblemCode, DataRecoveryView['stage']>> = {
  disk_full: 'disk_full',
  data_read_only: 'read_only',
  data_damaged: 'damaged',
  database_too_new: 'too_new',
};
