/**
 * The user's data as a whole (merged into ../ipc-contract.ts): "Exportar meus
 * dados" (contacts, lists, opt-outs, campaigns and send history as CSV files
 * in one ZIP, saved where the user chooses: a business's data portability
 * under the LGPD), the automatic backups made before a data update, and
 * whether this start is on data put back after a failed update.
 *
 * Errors: `file_not_saved` (the export could not be written), and
 * `data_upgrade_failed` from every channel the app cannot serve while it runs
 * on the data as it was before a failed update (`data:recovery` says why).
 * The data's own troubles, from any channel that reads or writes it (and at
 * start, as the recovery page's `stage`): `disk_full`, `data_read_only`,
 * `data_damaged`; `data_in_use` when a restore finds another Torpedo (a
 * worker in a terminal) working on the folder.
 */
import { z } from 'zod';
import type {
  BackupsView,
  DataExportResult,
  DataNoticeView,
  DataRecoveryView,
  RestoreResultView,
} from '../dto';
import { channel, none } from './channel';

export const DATA_ERRORS = {
  /** This version could not update the data's format; it runs on the data as it was, with most of the app closed. */
  dataUpgradeFailed: 'data_upgrade_failed',
  /** The disk holding the data folder is full (SQLITE_FULL, ENOSPC): what did not fit was not written. */
  diskFull: 'disk_full',
  /** The data folder cannot be written (its permissions, a read-only disk). */
  dataReadOnly: 'data_read_only',
  /** torpedo.db (or a backup chosen to restore) is damaged: its check failed. */
  dataDamaged: 'data_damaged',
  /** Another Torpedo works on the data folder (a restore waits for it to stop). */
  dataInUse: 'data_in_use',
} as const;

/** A backup by its file name in the backups folder (`torpedo-schema-17.db`, `torpedo-before-restore-…db`), nothing else. */
export const restoreInput = z.strictObject({
  name: z
    .string()
    .regex(
      /^torpedo-(schema-\d{1,6}|before-restore-\d{8}-\d{6}(-\d{1,3})?)\.db$/,
      'A backup of the list, by its name',
    ),
});

export const dataContract = {
  /** Asks where to save, then writes the ZIP; `saved: false` when the user cancels. */
  'data:export': channel<typeof none, DataExportResult>(none),
  'data:backups': channel<typeof none, BackupsView>(none),
  /** Null on a normal start; what happened when the data could not be updated. */
  'data:recovery': channel<typeof none, DataRecoveryView | null>(none),
  /** What this start had to do to the data folder and the owner should know (a stray WAL set aside). */
  'data:notices': channel<typeof none, DataNoticeView[]>(none),
  /**
   * Puts a backup back as the data, the current file (with its WAL and SHM)
   * kept aside in the backups folder; Torpedo then starts again on it.
   */
  'data:restore': channel<typeof restoreInput, RestoreResultView>(restoreInput),
};

export type DataChannel = keyof typeof dataContract;
