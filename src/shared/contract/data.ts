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
 */
import type { BackupsView, DataExportResult, DataRecoveryView } from '../dto';
import { channel, none } from './channel';

export const DATA_ERRORS = {
  /** This version could not update the data's format; it runs on the data as it was, with most of the app closed. */
  dataUpgradeFailed: 'data_upgrade_failed',
} as const;

export const dataContract = {
  /** Asks where to save, then writes the ZIP; `saved: false` when the user cancels. */
  'data:export': channel<typeof none, DataExportResult>(none),
  'data:backups': channel<typeof none, BackupsView>(none),
  /** Null on a normal start; what happened when the data could not be updated. */
  'data:recovery': channel<typeof none, DataRecoveryView | null>(none),
};

export type DataChannel = keyof typeof dataContract;
