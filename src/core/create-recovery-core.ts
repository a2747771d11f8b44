import { APP_ERROR_CODES } from '../shared/app-error';
import type { DataRecoveryView } from '../shared/dto';
import { CHANNELS } from '../shared/ipc-contract';
import { AppFailure } from './app-failure';
import { localAppHandlers } from './app/app-module';
import { uiLanguage } from './app/ui-settings';
import type { Core, CoreOptions } from './core';
import { backupsDir, backupsView } from './data/data-module';
import { exportData } from './data/export/data-export';
import type { Database } from './db/open-database';
import { createSettingsRepo } from './db/settings-repo';
import { createDispatch } from './dispatch';
import { EventHub } from './event-hub';
import type { Handlers } from './handlers';
import type { Log } from './log/log';
import { ACCOUNT_PROFILE } from './session/session-manager';
import { loadSavedSession } from './session/session-store';
import { createDiagnosticsModule } from './diagnostics/diagnostics-module';
import { createUpdatesModule } from './updates/updates-module';

export interface RecoveryCoreOptions extends CoreOptions {
  db: Database;
  recovery: DataRecoveryView;
  log: Log;
  closeLog: () => Promise<void>;
}

/**
 * The core when the data could not be brought up to this version's format
 * (db/open-core-database.ts put the backup back): it runs on the data as it
 * was, but this version's domains need the new format, so only what is safe
 * on any format answers: the app's info and settings, what happened
 * (`data:recovery`), the backups, "Exportar meus dados" (the user can take
 * their data elsewhere), the diagnostics and the updater (a fixed version
 * arrives that way). Everything else answers `data_upgrade_failed`. Nothing
 * signs in and nothing runs in the background, so nothing is sent.
 */
export function createRecoveryCore(options: RecoveryCoreOptions): Core {
  const { db, recovery, log, host, dataDir } = options;
  const now = options.now ?? (() => new Date());
  const settings = createSettingsRepo(db, { now });
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

  const refuse = async () => {
    throw new AppFailure(
      APP_ERROR_CODES.dataUpgradeFailed,
      'Torpedo could not update your data to this version, so it runs on your data as it was, with most of the app closed.',
    );
  };
  // Every channel of the contract answers; only these do anything.
  const handlers = Object.fromEntries(CHANNELS.map((channel) => [channel, refuse])) as unknown as Handlers;
  Object.assign(handlers, diagnostics.handlers, updates.handlers, {
    ...localAppHandlers(host, settings),
    'data:recovery': async () => recovery,
    'data:backups': () => backupsView(dataDir),
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
  } satisfies Partial<Handlers>);

  log.warn('core.startedInRecovery', {
    stage: recovery.stage,
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
      db.close();
      log.info('core.closed');
      await options.closeLog();
    },
  };
}
