import type {
  ConsentView,
  ContactBirthday,
  ContactListRef,
  ContactView,
  ListView,
  OptOutSource,
  OptOutView,
} from '../../shared/dto';

/** A contact as the repo returns it: the same shape the renderer receives. */
export type ContactRow = ContactView;
export type { ConsentView };
export type ListRow = ListView;
export type OptOutRow = OptOutView;
export type { ContactListRef, OptOutSource };

export interface SearchParams {
  profile: string;
  /** What was typed: words (prefixes), a phone in any format, an e-mail. */
  query?: string;
  listId?: string;
  /** true: only opted-out contacts; false: only the others; absent: all. */
  optedOut?: boolean;
  offset: number;
  /** 1 to 200. */
  limit: number;
}

/** What a search matches, without the page: a bulk action on "all matching" acts on all of it. */
export type SearchFilter = Omit<SearchParams, 'offset' | 'limit'>;

export interface SearchPage {
  rows: ContactRow[];
  /** Every match, for the scroll bar: the rows are one page of them. */
  total: number;
}

export interface ContactInput {
  name: string;
  /** Any format; stored as E.164. */
  phone: string;
  email?: string | null;
  fields?: Record<string, string>;
  birthday?: ContactBirthday | null;
  /** Lists to put the new contact in. */
  listIds?: readonly string[];
  consent?: ConsentView | null;
  timeZone?: string | null;
}

export interface ContactPatch {
  name?: string;
  phone?: string;
  /** null clears it. */
  email?: string | null;
  /** Replaces every custom field. */
  fields?: Record<string, string>;
  /** null clears it. */
  consent?: ConsentView | null;
  /** null: the DDD decides again. */
  timeZone?: string | null;
  birthday?: ContactBirthday | null;
}

/** One contact for `upsertMany`, already normalised (the import plan's rows fit). */
export interface UpsertRow {
  /** '' when the file has no name: an existing contact keeps its own. */
  name: string;
  /** E.164. */
  phone: string;
  /** null: an existing contact keeps its own. */
  email: string | null;
  /** Merged into an existing contact's fields (the file's values win). */
  fields: Record<string, string>;
  /** null or absent: an existing contact keeps its own. */
  birthday?: ContactBirthday | null;
}

export type OnDuplicate = 'update' | 'skip';

/** imported + updated + skipped = rows given. */
export interface UpsertCounts {
  /** New contacts. */
  imported: number;
  /** Existing contacts (same phone) the row's values changed ('update'). */
  updated: number;
  /** Existing contacts left as they were (skipped, or already as the row has them), and rows repeating an earlier row's phone. */
  skipped: number;
  /** Existing contacts that joined the list (new ones always do). */
  joined: number;
}

/** An existing contact an 'update' would change: as it is, and as it would be (fields as JSON objects). */
export interface UpdatePreview {
  phone: string;
  name: string;
  email: string | null;
  fields: string;
  newName: string;
  newEmail: string | null;
  newFields: string;
  /** Birthdays as stored (month × 100 + day, and the year). */
  birth_md: number | null;
  birth_year: number | null;
  newBirthMd: number | null;
  newBirthYear: number | null;
}

export interface DeleteResult {
  /** Give it to undoDelete before `expiresAt` (and before the next delete) to bring the contacts back. */
  undoToken: string;
  count: number;
  expiresAt: string;
}

export interface OptOutTargets {
  /** E.164 numbers (already normalised). */
  phones?: readonly string[];
  /** Contacts whose numbers opt out. */
  contactIds?: readonly string[];
}
