/**
 * The messages between the import service (main thread) and its worker
 * thread. Everything here crosses `postMessage`, so it is plain data:
 * errors travel as `{kind, code, message, params}` and are rebuilt on the
 * other side (`rebuildError`) into the same classes that were thrown.
 */
import { APP_ERROR_CODES, isErrorCode, type AppErrorDetails } from '../../../shared/app-error';
import type {
  ImportErrorFileView,
  ImportPhase,
  ImportPlanView,
  ImportPreviewView,
} from '../../../shared/dto';
import type { ImportChangesPageView, ImportUndoResultView } from '../../../shared/dto/last-import';
import type { BlockImportMode, BlockImportResultView, BlockListTarget } from '../../../shared/dto/rules';
import type { ConsentFileEvidence, ConsentView } from '../../../shared/dto/contacts';
import { AppFailure } from '../../app-failure';
import {
  ImportCancelledError,
  ImportFileError,
  type ColumnMapping,
  type ImportFileErrorCode,
  type ReasonLocale,
} from '../file';

/** What the user can force when the detection got it wrong; and, for a file of numbers only, more rows. */
export interface ReadChoices {
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  headerLine?: number;
  limits?: { maxRows: number };
}

/** The preview as the worker sees it: the service adds the mapping to offer and the id. */
export type WorkerPreview = Omit<ImportPreviewView, 'mapping' | 'mappingSource'> & {
  /** headerSignature(headers): the key of the remembered mapping. */
  signature: string;
  suggested: ColumnMapping;
};

export interface CommitTotals {
  read: number;
  imported: number;
  updated: number;
  duplicates: number;
  invalid: number;
  optedOut: number;
  list?: { id: string; name: string };
}

export interface OptOutTotals {
  read: number;
  /** Numbers that joined the opt-out list. */
  added: number;
  /** Numbers already on it (their first date and source are kept). */
  already: number;
  invalid: number;
}

export type WorkerRequest =
  /**
   * `file`: a copy of the file the service wrote for this import (the worker reads it in pieces and
   * deletes it at once); or the bytes themselves.
   */
  | ({ id: number; op: 'open'; fileName: string; read: ReadChoices } & (
      { file: string } | { bytes: Uint8Array }
    ))
  | { id: number; op: 'reparse'; read: ReadChoices }
  | {
      id: number;
      op: 'plan';
      dbFile: string;
      profile: string;
      mapping: ColumnMapping;
      defaultCountry: string;
      acceptNineDigitFix: boolean;
      locale: ReasonLocale;
      /** The profile's key of the erased numbers' hashes (core/privacy); absent: nobody was erased. */
      erasedKey?: Uint8Array;
    }
  | {
      id: number;
      op: 'commit';
      dbFile: string;
      profile: string;
      /** Names the import's undo journal. */
      importId: string;
      onDuplicate: 'update' | 'skip';
      listName?: string;
      /** One legal basis for the whole file, recorded where none is. */
      consent?: ConsentView;
      /** The whole file's consent evidence (the words, channel, who collected it). */
      consentEvidence?: ConsentFileEvidence;
    }
  /** A page of what the plan would change in existing contacts. */
  | { id: number; op: 'changes'; offset: number; limit: number }
  /** Instead of `commit`: the plan's valid numbers join the opt-out list; no contact is written. */
  | { id: number; op: 'optOut'; dbFile: string; profile: string; note: string }
  /** Instead of `commit`: the plan's valid numbers replace or join a block list's (the rules domain's); no contact is written. */
  | {
      id: number;
      op: 'block';
      dbFile: string;
      profile: string;
      list: BlockListTarget;
      at: string;
      mode?: BlockImportMode;
      fileDate?: string;
    }
  | { id: number; op: 'errorFile'; locale: ReasonLocale }
  /** The search index's catch-up after a large import (search-catch-up.ts); not an import's request. */
  | { id: number; op: 'index'; dbFile: string }
  /** Undoes the profile's last import (last-import/); not an import's request either. */
  | { id: number; op: 'undo'; dbFile: string; profile: string; importId: string };

/** The value each request resolves with. */
export interface WorkerResults {
  open: WorkerPreview;
  reparse: WorkerPreview;
  plan: ImportPlanView;
  commit: CommitTotals;
  changes: ImportChangesPageView;
  optOut: OptOutTotals;
  block: BlockImportResultView;
  errorFile: ImportErrorFileView | null;
  /** Contacts indexed. */
  index: number;
  undo: ImportUndoResultView;
}

/** Not a request: stops whatever the worker is doing (it answers that request with `cancelled`). */
export type WorkerCancel = { op: 'cancel' };

export type WorkerProgress = { op: 'progress'; phase: ImportPhase; done: number; total: number };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | WorkerProgress;

export interface SerializedError {
  kind: 'file' | 'cancelled' | 'app' | 'internal';
  code: string;
  message: string;
  params?: Record<string, string | number>;
  details?: AppErrorDetails;
}

/** Anything thrown in the worker, as data. Unexpected errors keep only their name (no stack, no paths). */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof ImportFileError) {
    return { kind: 'file', code: error.code, message: error.message, params: { ...error.params } };
  }
  if (error instanceof ImportCancelledError) {
    return { kind: 'cancelled', code: error.code, message: error.message };
  }
  if (error instanceof AppFailure) {
    return {
      kind: 'app',
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  const code = (error as { code?: unknown } | null)?.code;
  return {
    kind: 'internal',
    code: typeof code === 'string' && /^[A-Za-z][A-Za-z0-9_]*$/.test(code) ? code : 'internal_error',
    message: error instanceof Error ? `${error.name} in the import worker` : 'Failure in the import worker',
  };
}

/** The error the worker threw, as the same class on this side. */
export function rebuildError(error: SerializedError): Error {
  switch (error.kind) {
    case 'file':
      return new ImportFileError(error.code as ImportFileErrorCode, error.message, error.params ?? {});
    case 'cancelled':
      return new ImportCancelledError();
    case 'app':
      return new AppFailure(
        isErrorCode(error.code) ? error.code : APP_ERROR_CODES.internal,
        error.message,
        error.details,
      );
    default: {
      const rebuilt = new Error(error.message);
      rebuilt.name = 'ImportWorkerError';
      return Object.assign(rebuilt, { workerCode: error.code });
    }
  }
}
