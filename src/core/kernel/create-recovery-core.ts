import Sqlite from 'better-sqlite3';
import type { DataRecoveryView } from '../../shared/dto';
import { CHANNELS } from '../../shared/ipc-contract';
import { localAppHandlers } from '../app/app-module';
import { uiLanguage } from '../app/ui-settings';
import type { Core, CoreOptions } from './core';
import { backupsDir, dataFolderHandlers, type DataDeps } from '../data/data-module';
import { exportData } from '../data/export/data-export';
import { dataProblemFailure, problemOfRecovery } from '../db/data-problem';
import { migrate } from '../db/migrate';
import { allMigrations } from '../db/migrations';
import type { Database } from '../db/open-database';
import { createSettingsRepo } from '../db/settings-repo';
import { createDispatch } from './dispatch';
import { EventHub } from './event-hub';
import type { Handlers } from './handlers';
import type { Log } from '../log/log';
import { ACCOUNT_PROFILE } from '../session/session-manager';
import { loadSavedSession } from '../session/session-store';
import { createDiagnosticsModule } from '../diagnostics/diagnostics-module';
import { createUpdatesModule } from '../updates/updates-module';

export interface RecoveryCoreOptions extends CoreOptions, DataDeps {
  /** The data as it is, when it can be read safely (a failed update, a newer format); null otherwise. */
  db: Database | null;
  recovery: DataRecoveryView;
  log: Log;
}

/** Settings (the language) kept in memory when the data folder cannot be read: nothing is written there. */
function memorySettings(): Database {
  const db = new Sqlite(':memory:');
  migrate(db, allMigrations.slice(0, 1));
  return db;
}

/**
 * The core when the data cannot be used as it is: a failed update (the
 * backup put back), a file from a newer Torpedo, a damaged file, a folder
 * that cannot be written, a full disk. Only what is safe answers: the app's
 * info and settings, what is wrong (`data:recovery`), the backups and their
 * restore, "Exportar meus dados" where the data can be read, the
 * diagnostics and the updater (a fixed version arrives that way).
 * Everything else answers the problem's own code, with what to do. Nothing
 * signs in and nothing runs in the background, so nothing is sent.
 */
export function createRecoveryCore(options: RecoveryCoreOptions): Core {
  const { db, recovery, log, host, dataDir } = options;
  const now = options.now ?? (() => new Date());
  const settingsDb = db ?? memorySettings();
  const settings = createSettingsRepo(settingsDb, { now });
  const events = new EventHub();
  const language = () => uiLanguage(settings, host);
  const diagnostics = createDiagnosticsModule({
    host,
    db,
    dataDir,
    log,
    language,
    now,
    mode: () => null,
    recovery,
  });
  const updates = createUpdatesModule({ host, events });
  const problem = problemOfRecovery(recovery);

  const refuse = async () => {
    throw dataProblemFailure(problem, dataDir);
  };
  // Every channel of the contract answers; only these do anything.
  const handlers = Object.fromEntries(CHANNELS.map((channel) => [channel, refuse])) as unknown as Handlers;
  Object.assign(handlers, diagnostics.handlers, updates.handlers, {
    ...localAppHandlers(host, settings),
    ...dataFolderHandlers({ dataDir, now, log }, options),
    'data:recovery': async () => recovery,
    ...(db
      ? {
          'data:export': () =>
            exportData({
              db,
              host,
              language,
              now,
              log,
              // No one is signed in: the folder's last profile, as the CLI's local commands do.
              profile: () => loadSavedSession(settings)?.profile ?? ACCOUNT_PROFILE,
            }),
        }
      : {}),
  } satisfies Partial<Handlers>);

  log.warn('core.startedInRecovery', {
    stage: recovery.stage,
    code: recovery.code,
    from: recovery.fromVersion,
    to: recovery.toVersion,
    backupsFolder: backupsDir(dataDir),
  });
  const dispatch = createDispatch(handlers, log);
  return {
    dispatch: dispatch as Core['dispatch'],
    dispatchUntrusted: dispatch,
    onEvent: (listener) => events.on(listener),
    // Nothing runs in the background of a recovery core.
    stopBackground: async () => undefined,
    close: async () => {
      await updates.close?.();
      settingsDb.close();
      log.info('core.closed');
    },
  };
}
