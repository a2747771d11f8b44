/**
 * One person's data as Torpedo holds it (LGPD art. 18: confirmation,
 * access, copy, deletion): what the person's page ("Titular") shows, what
 * its export writes, and what an erase removed.
 */
import type { ConsentRecordView } from './contacts';

export interface PersonContactView {
  id: string;
  name: string;
  email: string | null;
  /** The contact's own columns, as kept. */
  fields: Record<string, string>;
  lists: string[];
  consent: { basis: 'consent' | 'legitimate_interest' | null; source: string | null; at: string | null };
  timeZone: string | null;
  /** `DD/MM` or `DD/MM/AAAA`; null: not known. */
  birthday: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PersonMessageKind = 'campaign' | 'automation' | 'test' | 'inbox';

export interface PersonMessageView {
  kind: PersonMessageKind;
  /** The campaign's or automation's name; null for an answer from the inbox. */
  name: string | null;
  /** The text as sent; null where Torpedo did not keep it (a test send). */
  text: string | null;
  /** What became of it: the service's outcome when it reported one (delivered, failed, in_progress), else the outbox's state. */
  status: string;
  /** When it was accepted, sent or scheduled (ISO 8601); null: not yet. */
  at: string | null;
  /** The number and the text went to the SMS service (its batch left, or it was sent from here at once). */
  handedToService: boolean;
}

export interface PersonView {
  /** The number, E.164. */
  phone: string;
  /** Whether Torpedo holds anything about it. */
  found: boolean;
  /** The number was erased at the person's request: only its keyed hash remains. */
  erased: boolean;
  contact: PersonContactView | null;
  optOut: { at: string; source: string; note: string | null } | null;
  /** The evidence of each consent given (the words, the channel, who collected it), withdrawals kept; newest first. */
  consentRecords: ConsentRecordView[];
  /** Block lists holding the number (public registers such as Procon-SP's: kept after an erase). */
  blockLists: { source: string; fileName: string }[];
  messages: PersonMessageView[];
  clicks: { url: string; at: string }[];
  replies: { text: string; at: string }[];
  /** Where it is kept: the data folder's database, and what went to the SMS service. */
  storage: { database: string; sentToService: { number: boolean; texts: number } };
}

/** Kinds of data an erase removes or anonymises, and how many rows of each. */
export type ErasedCounts = Record<string, number>;

export interface PersonEraseResult {
  /** Whether anything was held (an erase of an unknown number still keeps its suppression). */
  found: boolean;
  erased: ErasedCounts;
  at: string;
}

export interface PersonExportResult {
  saved: boolean;
  /** The summary's file name and the JSON copy's beside it, when saved. */
  fileName?: string;
  jsonFileName?: string;
}
