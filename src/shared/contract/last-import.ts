/**
 * The part of the import contract (./import.ts spreads it in) that shows
 * what an import would change in existing contacts, and undoes the last one.
 *
 * Errors: `import_not_found` / `import_not_planned` (changes of an import no
 * longer open, or not planned), `not_signed_in`; the undo's own:
 * `import_undo_gone` (undone already, kept, or replaced by a newer import)
 * and `import_undo_blocked` (some of its contacts changed since; params
 * `changed`, `names`).
 */
import { z } from 'zod';
import { importId } from './ids';
import type { ImportChangesPageView, ImportUndoResultView, LastImportView } from '../dto/last-import';
import { channel, none } from './channel';

/** Contacts per page of the review's changes. */
export const IMPORT_CHANGES_PAGE_MAX = 200;

export const importChangesInput = z.strictObject({
  importId,
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(IMPORT_CHANGES_PAGE_MAX).default(50),
});
export const lastImportInput = z.strictObject({ importId });

export const lastImportContract = {
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

export type LastImportChannel = keyof typeof lastImportContract;
