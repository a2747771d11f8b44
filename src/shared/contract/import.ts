/**
 * The contact import part of the IPC contract (merged into ../ipc-contract.ts):
 * the wizard's channels (a file read in a worker thread, planned, saved as
 * one transaction, or its numbers opted out), with their input schemas the
 * wizard's forms reuse; then what an import would change in existing
 * contacts, and the undo of the last one. Progress comes as `import:progress`
 * events.
 *
 * Errors: `import_not_found` (no file open under that id), `import_busy`,
 * `import_not_planned`, `import_cancelled`, `import_no_errors`, the file
 * reader's own codes (`empty_file`, `unsupported_format`, `zip_bomb`...; see
 * IMPORT_FILE_ERRORS), `not_signed_in`; the undo's own: `import_undo_gone`
 * (undone already, kept, or replaced by a newer import) and
 * `import_undo_blocked` (some of its contacts changed since; params
 * `changed`, `names`).
 */
import { z } from 'zod';
import type {
  ImportErrorFileView,
  ImportOpenedView,
  ImportOptOutResultView,
  ImportPlanView,
  ImportPreviewView,
  ImportProgressView,
  ImportResultView,
  SaveFileResult,
} from '../dto';
import type { ImportChangesPageView, ImportUndoResultView, LastImportView } from '../dto/last-import';
import type { BlockImportResultView } from '../dto/rules';
import { channel, event, none } from './channel';
import { importId } from './ids';
import { consentFileEvidence, consentRecord } from './contacts';
import { blockListTarget } from './rules';
import { visibleName } from '../visible-text';
import { FIELD_TYPES } from '../field-types';

/** Same cap as the import's own (DEFAULT_LIMITS.maxFileBytes in core/spreadsheet/limits.ts). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** Columns a mapping may name (the readers refuse wider files). */
const MAX_COLUMN = 16_384;

/** What a file over IMPORT_MAX_BYTES is told (the CLI says it too, before reading such a file). */
export const IMPORT_TOO_LARGE =
  'The file is too large to import at once (100 MB at most). Split it into smaller files.';
const tooLarge = IMPORT_TOO_LARGE;

/**
 * The file as bytes. The window sends a Uint8Array (Electron's structured
 * clone keeps it); base64 text is accepted too, for bridges that carry only
 * JSON. Length is checked first, before any other work on a huge value. An
 * empty file passes: the import itself says so (`empty_file`), translated.
 */
const fileBytes = z.union([
  z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected the file as bytes')
    .refine((v) => v.byteLength <= IMPORT_MAX_BYTES, tooLarge),
  z
    .string()
    .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, { message: tooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64'),
]);

export const importOpenInput = z.strictObject({
  /** The file's name (a path is reduced to its name): its extension names the error file. */
  fileName: z.string().trim().min(1).max(255),
  data: fileBytes,
  /** `numbers`: a file of numbers only (opt-outs, a block list), which may have more rows than contacts. */
  purpose: z.enum(['contacts', 'numbers']).optional(),
});

export const importReparseInput = z.strictObject({
  importId,
  /** Any label iconv-lite knows (`windows-1252`, `cp850`, ...). */
  encoding: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Not an encoding name')
    .optional(),
  delimiter: z.string().length(1, 'One character').optional(),
  sheet: z.string().min(1).max(255).optional(),
  /** Row number of the header; 0: the file has no header row. */
  headerLine: z.number().int().min(0).max(10_000_000).optional(),
});

const column = z.number().int().min(0).max(MAX_COLUMN);

export const importMapping = z.strictObject({
  name: column.optional(),
  phone: column.optional(),
  areaCode: column.optional(),
  email: column.optional(),
  birthday: column.optional(),
  custom: z
    .array(
      z.strictObject({
        column,
        field: z.string().regex(/^[a-z0-9_]{1,64}$/, 'Lower-case letters, digits and _ only (at most 64)'),
        /** How the column's values are read (text unless given). */
        type: z.enum(FIELD_TYPES).optional(),
        /** A date column's order; as detected unless given. */
        dayOrder: z.enum(['dmy', 'mdy']).optional(),
      }),
    )
    .max(200),
});

export const importLocale = z.enum(['pt-BR', 'en']);

export const importPlanInput = z.strictObject({
  importId,
  mapping: importMapping,
  /** ISO 3166 code for numbers typed without +CC. */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'A two-letter country code')
    .default('BR'),
  /** Add the 9 to old 8-digit mobiles (otherwise they are rejected, with the fix suggested). */
  acceptNineDigitFix: z.boolean(),
  /** Language of the reasons in the samples. */
  locale: importLocale.default('pt-BR'),
});

export const importCommitInput = z.strictObject({
  importId,
  /** Existing contacts (same phone): given the file's values, or kept as they are (the default). */
  onDuplicate: z.enum(['update', 'skip']).default('skip'),
  /** Every imported contact joins this list, created if no list has this name. */
  listName: visibleName(
    z.string().min(2, 'A list name has 2 to 20 characters').max(20, 'A list name has 2 to 20 characters'),
  ).optional(),
  /**
   * One legal basis for the whole file (LGPD: "Todos deram consentimento",
   * where, when), recorded on its contacts that have none on record yet.
   */
  consent: consentRecord.unwrap().optional(),
  /**
   * The evidence of that consent for the whole file (LGPD art. 8 §2): the words the customers agreed
   * to, the channel, who collected it; every row records it (rows with consent columns their own).
   */
  consentEvidence: consentFileEvidence.optional(),
});

export const importIdInput = z.strictObject({ importId });
export const importBlockInput = z.strictObject({
  importId,
  /**
   * Which list the numbers go to: an existing list, a public register
   * (Procon-SP's "Não Me Ligue", Procon-AL's, Procon-Carioca's), or an owner's
   * list by name (made with this import when no list has the name).
   */
  list: blockListTarget,
  /**
   * Whether the file replaces the list's numbers or adds to them. Needed when
   * the list has numbers (`block_list_not_empty` otherwise); either does for
   * an empty one. The list before is kept for `rules:undoBlockImport`.
   */
  mode: z.enum(['replace', 'add']).optional(),
  /** The file's own date (when it was last changed), as the computer that read it says. */
  fileDate: z.iso.datetime({ offset: true }).optional(),
});

export const importErrorFileInput = z.strictObject({ importId, locale: importLocale.default('pt-BR') });

/** Contacts per page of the review's changes. */
export const IMPORT_CHANGES_PAGE_MAX = 200;
export const importChangesInput = z.strictObject({
  importId,
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(IMPORT_CHANGES_PAGE_MAX).default(50),
});
export const lastImportInput = z.strictObject({ importId });

export const IMPORT_ERRORS = {
  importNotFound: 'import_not_found',
  importBusy: 'import_busy',
  importNotPlanned: 'import_not_planned',
  importCancelled: 'import_cancelled',
  /** The import was saved already: a second save would import it twice. */
  importFinished: 'import_finished',
  /** The contacts are being changed by another process of this data folder (the app and the CLI). */
  databaseBusy: 'database_busy',
  importNoErrors: 'import_no_errors',
  /** Not the profile's last import any more: undone, kept, or replaced by a newer one. */
  importUndoGone: 'import_undo_gone',
  /** Some of its contacts changed since; `params.changed` says how many. */
  importUndoBlocked: 'import_undo_blocked',
} as const;

/** Why a file cannot be imported, as the reader says it (each has a sentence in both languages). */
export const IMPORT_FILE_ERRORS = [
  'empty_file',
  'no_data_rows',
  'unreadable_file',
  'unsupported_format',
  'encrypted_file',
  'unknown_encoding',
  'invalid_delimiter',
  'sheet_not_found',
  'too_large',
  'too_many_rows',
  'too_many_columns',
  /** A text file with a line longer than any row of a list (one 50 MB line). */
  'line_too_long',
  'zip_bomb',
  'no_phone_column',
  'invalid_mapping',
] as const;
export type ImportFileErrorCode = (typeof IMPORT_FILE_ERRORS)[number];

export const importContract = {
  /** Reads the file in a worker thread: its shape, first rows and the column mapping to offer. */
  'import:open': channel<typeof importOpenInput, ImportOpenedView>(importOpenInput),
  /** Reads the same file again with another encoding, delimiter, sheet or header row. */
  'import:reparse': channel<typeof importReparseInput, ImportPreviewView>(importReparseInput),
  /** What the import would do (nothing is written): counts, fixes offered, rejected rows with reasons. */
  'import:plan': channel<typeof importPlanInput, ImportPlanView>(importPlanInput),
  /** Saves the last plan as one transaction: all of it, or (cancelled) nothing. */
  'import:commit': channel<typeof importCommitInput, ImportResultView>(importCommitInput),
  /**
   * Instead of `import:commit`: the planned valid numbers join the opt-out list (source `import`,
   * the file's name as the note); no contact is written.
   */
  'import:optOut': channel<typeof importIdInput, ImportOptOutResultView>(importIdInput),
  /**
   * Instead of `import:commit`: the planned valid numbers replace a block
   * list's numbers, or join them (`mode`; no message may reach them; the
   * rules domain keeps them); no contact is written.
   */
  'import:block': channel<typeof importBlockInput, BlockImportResultView>(importBlockInput),
  /** Stops the import at any point and drops its file; nothing is changed unless it was already saved. */
  'import:cancel': channel<typeof importIdInput, { cancelled: boolean }>(importIdInput),
  /** The rejected rows in the input's format with a reason column; null when none was rejected. */
  'import:errorFile': channel<typeof importErrorFileInput, ImportErrorFileView | null>(importErrorFileInput),
  /** The same file, saved where the user chooses (a native save dialog). */
  'import:saveErrorFile': channel<typeof importErrorFileInput, SaveFileResult>(importErrorFileInput),
  /**
   * The existing contacts the planned import would change with 'update',
   * field by field (before → after), in the file's order: a page of them.
   */
  'import:changes': channel<typeof importChangesInput, ImportChangesPageView>(importChangesInput),
  /** The profile's last import that changed something, and whether it can still be undone (null: none). */
  'import:last': channel<typeof none, LastImportView | null>(none),
  /**
   * Undoes that import, in one transaction: its new contacts deleted, the
   * contacts it changed given their values back, the memberships it added
   * removed. Only while none of its contacts changed since.
   */
  'import:undo': channel<typeof lastImportInput, ImportUndoResultView>(lastImportInput),
  /** Keeps that import as it is: it is no longer offered for undo. `kept: false` when it was not the last one. */
  'import:keepLast': channel<typeof lastImportInput, { kept: boolean }>(lastImportInput),
};

export type ImportChannel = keyof typeof importContract;

export const importEvents = {
  /** Throttled to about 10 per second per import; the first event of an import carries its id. */
  'import:progress': event<ImportProgressView>(),
};
