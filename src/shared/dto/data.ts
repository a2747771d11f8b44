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
  /** `update`: made before a data update; `before-restore`: the data as it was just before a restore. */
  kind: 'update' | 'before-restore';
  /** The data format it holds (-1: unreadable, a damaged file kept by a restore). */
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
  /**
   * Why the data cannot be used as it is:
   * - `backup`: the backup before the update could not be made, so nothing was changed;
   * - `migration`: an update step failed (the backup was put back);
   * - `damaged`: torpedo.db failed its check at start (nothing was written to it);
   * - `too_new`: a newer Torpedo wrote it (nothing was changed);
   * - `read_only`: the data folder cannot be written;
   * - `disk_full`: the disk is full.
   */
  stage: 'backup' | 'migration' | 'damaged' | 'too_new' | 'read_only' | 'disk_full';
  /** The underlying code, for support (`SQLITE_CORRUPT`, `EROFS`, `SQLITE_FULL`...). */
  code?: string;
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

/** Something this start did to the data folder that the owner should hear of. */
export interface DataNoticeView {
  /**
   * `wal_set_aside`: a `torpedo.db-wal` that belonged to another file (a
   * restore by hand that skipped a step) was set aside, unreplayed, as `file`.
   */
  code: 'wal_set_aside';
  /** The file's name in the data folder. */
  file: string;
  at: string;
}

/** A backup put back (`data:restore`). */
export interface RestoreResultView {
  /** The backup's name. */
  restored: string;
  /** Where the data as it was just before went (a file in the backups folder). */
  keptAs: string;
}
