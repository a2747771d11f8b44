import { join } from 'node:path';
import type { DataChannel } from '../../shared/contract/data';
import type { CoreModule, ModuleDeps } from '../core-module';
import { BACKUP_FOLDER, listBackups } from '../db/backup';
import { exportData } from './export/data-export';

/** The backups' folder of a data folder. */
export const backupsDir = (dataDir: string) => join(dataDir, BACKUP_FOLDER);

/** The backups made before data updates, as the window lists them. */
export async function backupsView(dataDir: string) {
  const folder = backupsDir(dataDir);
  return { folder, backups: await listBackups(folder) };
}

/**
 * The user's data as a whole: "Exportar meus dados", the backups made before
 * data updates, and no recovery to report (this core started on up-to-date
 * data; create-recovery-core.ts answers otherwise).
 */
export function createDataModule(
  deps: Pick<ModuleDeps, 'db' | 'host' | 'language' | 'profile' | 'now' | 'log' | 'dataDir'>,
): CoreModule<DataChannel> {
  return {
    handlers: {
      'data:export': () => exportData(deps),
      'data:backups': () => backupsView(deps.dataDir),
      'data:recovery': async () => null,
    },
  };
}
