/**
 * Which trouble of the data folder an error is: SQLite's, the file
 * system's, or one an import thread passed back (its `workerCode`). A
 * full disk, a folder that cannot be written and a damaged file each have
 * their code, crossing IPC and reaching the CLI with their sentence
 * (data-problem-text.ts), while the underlying code (`SQLITE_FULL`,
 * `ENOSPC`, `EROFS`, `SQLITE_CORRUPT`) stays in `details.reason` and so in
 * the log. They used to be "failed unexpectedly (SqliteError)".
 */
import fs from 'node:fs';
import path from 'node:path';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';
import { DatabaseTooNewError } from './migrate';
import { describeDataProblem, type DataProblem, type DataProblemCode } from '../../shared/data-problem-text';

export { problemOfRecovery, type DataProblem } from '../../shared/data-problem-text';

// SHMSIZE: SQLite could not grow the -shm file, which on a full disk is how opening one fails.
const FULL = /^(SQLITE_FULL|SQLITE_IOERR_SHMSIZE|ENOSPC|EDQUOT)$/;
const READ_ONLY = /^(SQLITE_READONLY(_\w+)?|EACCES|EPERM|EROFS)$/;
const DAMAGED = /^(SQLITE_CORRUPT(_\w+)?|SQLITE_NOTADB)$/;

/** The code an error carries: its own, an import thread's, or its cause's (a failed migration's). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    for (const key of ['code', 'workerCode'] as const) {
      const code = (e as Record<string, unknown>)[key];
      if (typeof code === 'string') codes.push(code);
    }
  }
  return codes;
}

/**
 * The data problem `error` is, or null when it is none of them. SQLite's
 * "cannot open" says nothing of why: `dataDir`, when given, is probed with
 * a file of our own to tell a read-only folder or a full disk.
 */
export function dataProblemOf(error: unknown, dataDir?: string): DataProblem | null {
  if (error instanceof DatabaseTooNewError) return { code: 'database_too_new', underlying: 'user_version' };
  for (const code of codesOf(error)) {
    if (FULL.test(code)) return { code: 'disk_full', underlying: code };
    if (READ_ONLY.test(code)) return { code: 'data_read_only', underlying: code };
    if (DAMAGED.test(code)) return { code: 'data_damaged', underlying: code };
    // "Cannot open" and an I/O error say nothing of why: the folder tells, when the caller knows it.
    if (/^SQLITE_(CANTOPEN|IOERR)/.test(code) && dataDir !== undefined) {
      const probed = probeFolder(dataDir);
      if (probed) return { ...probed, underlying: `${code}/${probed.underlying}` };
    }
  }
  return null;
}

/** Whether a file can be made in `dir`: the folder's own answer when it cannot. */
function probeFolder(dir: string): DataProblem | null {
  const probe = path.join(dir, `.torpedo-probe-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'x', { mode: 0o600 });
    fs.rmSync(probe, { force: true });
    return null;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') return null;
    if (FULL.test(code)) return { code: 'disk_full', underlying: code };
    if (READ_ONLY.test(code) || code === 'ENOENT') return { code: 'data_read_only', underlying: code };
    return null;
  }
}

const ERROR_CODE: Record<DataProblemCode, AppFailure['code']> = {
  disk_full: APP_ERROR_CODES.diskFull,
  data_read_only: APP_ERROR_CODES.dataReadOnly,
  data_damaged: APP_ERROR_CODES.dataDamaged,
  database_too_new: APP_ERROR_CODES.databaseTooNew,
  data_upgrade_failed: APP_ERROR_CODES.dataUpgradeFailed,
  data_in_use: APP_ERROR_CODES.dataInUse,
};

/** The problem as the error that crosses IPC: its code, the English sentence, the underlying code as `reason`. */
export function dataProblemFailure(problem: DataProblem, folder: string): AppFailure {
  return new AppFailure(ERROR_CODE[problem.code], describeDataProblem(problem.code, 'en', folder, 'window'), {
    reason: problem.underlying,
  });
}
