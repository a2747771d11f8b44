/**
 * What the import's review says it would change in existing contacts, and
 * the last import with its undo (contract/last-import.ts).
 */

/** One field an import would change in a contact: `name`, `email`, or a custom field's key. */
export interface ImportFieldChangeView {
  field: string;
  /** `custom`: a merge field (`cidade`), `field` is its key. */
  kind: 'name' | 'email' | 'birthday' | 'custom';
  /** null: the contact has none. */
  before: string | null;
  after: string;
}

/** An existing contact the import would change ('update'), field by field. */
export interface ImportChangeView {
  /** The file's row, as a spreadsheet numbers it. */
  line: number;
  /** E.164. */
  phone: string;
  /** The contact's name today ('' when it has none). */
  name: string;
  changes: ImportFieldChangeView[];
}

export interface ImportChangesPageView {
  items: ImportChangeView[];
  /** Every contact that would change. */
  total: number;
  offset: number;
}

/** The profile's last import that changed something: what it did, and whether it can be undone. */
export interface LastImportView {
  importId: string;
  fileName: string;
  /** When it was saved (ISO 8601). */
  at: string;
  /** New contacts. */
  imported: number;
  /** Existing contacts it changed. */
  updated: number;
  /** Existing contacts it put in its list. */
  joined: number;
  /** Its list, while it exists. */
  list: { id: string; name: string } | null;
  /**
   * null: it can be undone. Otherwise some of its contacts were changed,
   * deleted or put in a list since, and undoing it would lose that: how many,
   * and the names of the first few.
   */
  blocked: { changed: number; names: string[] } | null;
}

export interface ImportUndoResultView {
  /** New contacts deleted. */
  removed: number;
  /** Existing contacts given back the values they had. */
  restored: number;
  /** Existing contacts taken out of the import's list. */
  left: number;
  /** The list the import created was deleted (the undo left it empty). */
  listDeleted: boolean;
}
