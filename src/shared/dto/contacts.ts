import type { FieldType } from '../field-types';
/** Contacts, lists and the opt-out list of the signed-in profile. */
import type { ContactBirthday } from '../birthday';

export type { ContactBirthday } from '../birthday';

export interface ContactListRef {
  id: string;
  name: string;
}

/** The LGPD legal basis for messaging a contact (art. 7, I and IX). */
export type ConsentBasis = 'consent' | 'legitimate_interest';

/** Consent on record: what the business can show for messaging this person. */
export interface ConsentView {
  basis: ConsentBasis;
  /** Where it came from, in the owner's words ("ficha da loja", "site"); null: not said. */
  source: string | null;
  /** When (`YYYY-MM-DD`); null: not said. */
  at: string | null;
}

/** Where a customer gave their consent (issue 35): at the counter, a paper or web form, the shop's site, a spreadsheet. */
export type ConsentChannel = 'balcao' | 'formulario' | 'site' | 'planilha' | 'outro';

/**
 * The evidence behind the consent label (LGPD art. 8 §2: proving consent is the
 * business's burden): kept by number, one per consent given; a withdrawal (an
 * opt-out) adds its time and source and keeps the record.
 */
export interface ConsentRecordView {
  id: number;
  basis: ConsentBasis;
  /** The words the customer agreed to; null: not recorded. */
  words: string | null;
  channel: ConsentChannel | null;
  /** Who collected it (a person's name, "site"), in the owner's words. */
  collectedBy: string | null;
  /** Where it came from, in the owner's words (the label's source, an import's file). */
  source: string | null;
  /** When the customer gave it: `YYYY-MM-DD`, an ISO instant, or the file's own text when it could not be read. */
  givenAt: string | null;
  /** When Torpedo recorded it. */
  recordedAt: string;
  /** When it was withdrawn (the opt-out's time); null: it stands. */
  withdrawnAt: string | null;
  withdrawnSource: OptOutSource | null;
}

/** A consent's evidence as given: a contact's drawer, an import's file or its columns. */
export interface ConsentEvidence {
  basis: ConsentBasis;
  words: string | null;
  channel: ConsentChannel | null;
  collectedBy: string | null;
  source: string | null;
  givenAt: string | null;
}

/** What an import says of its whole file's consent, beside its label (the wizard's step, the CLI's flags). */
export interface ConsentFileEvidence {
  words: string | null;
  channel: ConsentChannel | null;
  collectedBy: string | null;
}

/** When and how a number opted out (kept by number, on the opt-out list). */
export interface OptOutRecordView {
  at: string;
  /** Marked on the contact, imported from a file, typed by hand, or a reply (STOP). */
  source: 'contact' | 'import' | 'manual' | 'reply';
  note: string | null;
}

export interface ContactView {
  id: string;
  /** '' when the contact has no name (imported without one). */
  name: string;
  /** E.164, e.g. `+5511987654321`. */
  phone: string;
  email: string | null;
  /** Custom merge fields by key, e.g. `{ cidade: 'Recife' }`. */
  fields: Record<string, string>;
  /** Day and month, and the year when known; null: none. */
  birthday: ContactBirthday | null;
  /** By name. */
  lists: ContactListRef[];
  /** The number is on the opt-out list: it never receives a message. */
  optedOut: boolean;
  /** When and how it opted out; null while it has not. */
  optOut: OptOutRecordView | null;
  /** The legal basis on record; null: none recorded. */
  consent: ConsentView | null;
  /** The contact's own time zone (its DDD covers two clocks, or it lives elsewhere); null: its DDD decides. */
  timeZone: string | null;
  /** A fixed line (a landline, 0800, 4004): no SMS reaches it, so no campaign sends to it. */
  landline: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A contact's own column (a spreadsheet's "cidade") and how its values are read. */
export interface ContactFieldView {
  /** The merge-field key (`cidade`, `ultima_compra`). */
  key: string;
  type: FieldType;
}

/** One page of a search, in name order; `total` counts every match (for the scroll bar). */
export interface ContactsPageView {
  rows: ContactView[];
  total: number;
  offset: number;
  limit: number;
}

export interface ContactsDeleteResult {
  /** Pass to `contacts:undoDelete` before `expiresAt` (and before the next delete). */
  undoToken: string;
  count: number;
  expiresAt: string;
}

export interface ListView {
  id: string;
  name: string;
  /** Contacts in the list. */
  count: number;
  createdAt: string;
  updatedAt: string;
}

/** How a number got on the opt-out list. */
export type OptOutSource = 'contact' | 'import' | 'manual' | 'reply';

export interface OptOutView {
  /** E.164. */
  phone: string;
  source: OptOutSource;
  note: string | null;
  createdAt: string;
  /** The contact with this number, if there is one. */
  contact: ContactListRef | null;
}

export interface OptOutsPageView {
  rows: OptOutView[];
  total: number;
  offset: number;
  limit: number;
}

/** Numbers typed by hand: each one is normalised, or reported with why not (`index` into the input). */
export interface OptOutsAddResult {
  added: number;
  /** Already on the list (their first date and source are kept). */
  already: number;
  invalid: { index: number; input: string; reason: string; message: string }[];
}
