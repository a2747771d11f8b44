/** What the data channels answer: the export of the user's data, the backups, and a failed data update. */

/** How many rows of each kind went into an export's ZIP. */
export interface DataExportCounts {
  contacts: number;
  lists: number;
  optOuts: number;
  campaigns: number;
  sends: number;
  sendNumbers: number;
}

export interface DataExportResult {
  /** False when the user cancelled the save dialog. */
  saved: boolean;
  /** The name the ZIP was saved under (no folder), when saved. */
  fileName?: string;
  counts: DataExportCounts;
}

/** An automatic backup made before a data update (`backups/torpedo-schema-<n>.db` in the data folder). */
export interface BackupView {
  name: string;
  schemaVersion: number;
  bytes: number;
  /** When it was made (ISO). */
  at: string;
}

export interface BackupsView {
  /** The folder holding them (shown so the user can find them). */
  folder: string;
  backups: BackupView[];
}

/**
 * Torpedo could not bring the data up to this version's format, and started
 * on the data as it was before instead, with most of the app closed: this
 * version's screens need the new format. The window says so plainly.
 */
export interface DataRecoveryView {
  /** `backup`: the backup before the update could not be made, so nothing was changed; `migration`: an update step failed. */
  stage: 'backup' | 'migration';
  /** The data's format version before the update, which it is at again. */
  fromVersion: number;
  /** The format this version of Torpedo needs. */
  toVersion: number;
  /** The update step that failed. */
  failedVersion?: number;
  /** The backup put back, by name (in `backupsFolder`). */
  backupName?: string;
  /** True when the data is exactly as it was before the update (put back from the backup, or never touched). */
  dataIntact: boolean;
  /** Where the data and its backups are, for the user and for support. */
  dataFolder: string;
  backupsFolder: string;
}
