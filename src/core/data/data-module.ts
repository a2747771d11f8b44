import type { DataChannel } from '../../shared/contract/data';
import type { DataNoticeView } from '../../shared/dto';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import type { Log } from '../log/log';
import { backupsDirOf, listBackups } from '../db/backup';
import { restoreFromBackup } from '../db/restore-backup';
import type { Reopen } from '../kernel/reopenable-core';
import { exportData } from './export/data-export';

/** The backups' folder of a data folder. */
export const backupsDir = backupsDirOf;

/** The backups made before data updates (and the files kept by restores), as the window lists them. */
export async function backupsView(dataDir: string) {
  const folder = backupsDir(dataDir);
  return { folder, backups: await listBackups(folder) };
}

/** What the data channels need beyond the shared parts: the file, this start's notices, and the core's reopen. */
export interface DataDeps {
  dbFile: string;
  notices: DataNoticeView[];
  reopen: Reopen;
}

/**
 * The data channels any core answers, the recovery core too: the backups,
 * this start's notices, and a restore (the core closes, the backup is put
 * back, the core starts again on it).
 */
export function dataFolderHandlers(
  deps: Pick<ModuleDeps, 'dataDir' | 'now'> & { log: Log },
  data: DataDeps,
): Pick<Handlers, 'data:backups' | 'data:notices' | 'data:restore'> {
  return {
    'data:backups': () => backupsView(deps.dataDir),
    'data:notices': async () => data.notices,
    'data:restore': ({ name }) =>
      data.reopen(async () => {
        const result = await restoreFromBackup(deps.dataDir, data.dbFile, name, deps.now());
        deps.log.warn('data.restored', { backup: name, keptAs: result.keptAs });
        return result;
      }),
  };
}

/**
 * The user's data as a whole: "Exportar meus dados", the backups made before
 * data updates and their restore, and no recovery to report (this core
 * started on up-to-date data; create-recovery-core.ts answers otherwise).
 */
export function createDataModule(
  deps: Pick<ModuleDeps, 'db' | 'host' | 'language' | 'profile' | 'now' | 'log' | 'dataDir'>,
  data: DataDeps,
): CoreModule<DataChannel> {
  return {
    handlers: {
      ...dataFolderHandlers(deps, data),
      'data:export': () => exportData(deps),
      'data:recovery': async () => null,
    },
  };
}
