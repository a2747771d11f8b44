/** Data shapes that cross IPC (outputs of the contract's channels and events). */

import type { ImportChangeView } from './last-import-dto';

/** demo: the built-in sandbox; test: a `test_` key on a real service; live: real sends. */
export type ServiceMode = 'demo' | 'test' | 'live';

export interface KeychainStatus {
  available: boolean;
  /** Why not, in plain words, when unavailable. */
  reason?: string;
}

export interface SessionInfo {
  signedIn: boolean;
  mode: ServiceMode | null;
  /** The service address in use (the sandbox's local address in demo mode). */
  baseUrl: string | null;
  /** Where the account key is kept: the OS keychain, or memory for this session only. */
  keyStorage: 'keychain' | 'memory' | null;
  keychain: KeychainStatus;
}

export interface AppInfo {
  version: string;
  /** The operating system's locale, e.g. `pt-BR`, for the default language. */
  osLocale: string;
  platform: string;
  /** Guesses about the service's wire format, shown in diagnostics. */
  assumedWireFacts: readonly string[];
}

export interface BalanceView {
  /** In R$: every amount the service gives is in BRL (facts, Basics), whatever `currency` says. */
  balance: number;
  /** As the service wrote it (`"BRL"`); the SDKs accept any string, and so do we. */
  currency: string;
  companyName: string;
  /** When the figure was read from the service (ISO 8601). */
  fetchedAt: string;
  /** True when the service could not be reached and this is the last known figure. */
  stale: boolean;
  /** How many SMS the balance pays for; null while the SMS types are unknown. */
  smsWorth: SmsWorthView | null;
}

/** A balance counted in one-part SMS of the service's default type (`R$ 49,46` ≈ 549 SMS Padrão). */
export interface SmsWorthView {
  typeName: string;
  unitPrice: number;
  count: number;
}

export interface WebhookView {
  url: string | null;
  hasSecret: boolean;
  /** e.g. `whsec_••••••••3f9a`: enough to recognise it, not enough to use it. */
  maskedSecret: string | null;
  fetchedAt: string;
  stale: boolean;
}

export type ConnectivityState = 'online' | 'offline' | 'unreachable' | 'unknown';

export interface ConnectivityView {
  state: ConnectivityState;
  checkedAt: string | null;
}

/** Kinds of text file the app saves; each has its own save-dialog filter. */
export type SaveTextKind = 'csv';

export interface SaveTextResult {
  /** False when the user cancelled the save dialog. */
  saved: boolean;
  /** The name the file was saved under (no folder), when saved. */
  fileName?: string;
}

export type LanguageSetting = 'system' | 'pt-BR' | 'en';
export type ThemeSetting = 'system' | 'light' | 'dark';

export interface SettingsView {
  language: LanguageSetting;
  theme: ThemeSetting;
}

// ---------------------------------------------------------------- credits and billing

/** A recharge package. Money in BRL: `unit` is the effective price per SMS, `total` the package price. */
export interface PlanView {
  id: string;
  quantity: number;
  price: number;
  sale: number | null;
  unit: number;
  total: number;
  popular: boolean;
}

export interface PlansView {
  plans: PlanView[];
  fetchedAt: string;
  stale: boolean;
}

/** A saved card: never more than its last four digits. */
export interface CardView {
  id: string;
  /** e.g. `visa`, `mastercard`. */
  brand: string;
  last4: string;
  holder: string;
  alias: string | null;
  /** MM/YY */
  expiry: string;
  isDefault: boolean;
}

export interface CardsView {
  cards: CardView[];
  fetchedAt: string;
  stale: boolean;
}

/**
 * Where a purchase attempt stands (persisted, survives restarts):
 * sending → succeeded | processing | failed | not-charged | checking;
 * checking → charged-after-timeout | not-charged; processing → succeeded | failed.
 */
export type PurchaseState =
  'sending' | 'checking' | 'succeeded' | 'processing' | 'charged-after-timeout' | 'not-charged' | 'failed';

/**
 * What `credits:buy` reports. `checking` only when the invoice history could not
 * be read to settle a time-out: no new purchase is allowed until it is.
 */
export type PurchaseOutcome =
  'succeeded' | 'processing' | 'charged-after-timeout' | 'not-charged' | 'failed' | 'checking';

export interface PurchaseRequestView {
  quantity?: number;
  planId?: string;
  cardId?: string;
  coupon?: string;
}

/** Why a purchase failed: the service's code (`card_declined`, `rate_limited`, ...) for the renderer to translate. */
export interface PurchaseErrorView {
  code: string;
  message: string;
  status?: number;
  fields?: { field: string; message: string }[];
  retryAfterSeconds?: number;
  /** When a new attempt makes sense again (from Retry-After), ISO 8601: the countdown's end. */
  retryAt?: string;
}

export interface PurchaseAttemptView {
  id: string;
  state: PurchaseState;
  request: PurchaseRequestView;
  expectedQuantity: number | null;
  /** BRL; null when it cannot be known in advance (a coupon, the packages unreadable). */
  expectedTotal: number | null;
  invoiceUuid: string | null;
  total: number | null;
  quantity: number | null;
  error: PurchaseErrorView | null;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
  /** `processing` for more than 10 minutes: still pending at the payment processor. */
  stillPending: boolean;
}

export interface PurchaseOutcomeView {
  attemptId: string;
  outcome: PurchaseOutcome;
  invoiceUuid?: string;
  total?: number;
  quantity?: number;
  /** English fallback; the renderer words it from `outcome` and `error.code`. */
  message: string;
  error?: PurchaseErrorView;
}

export interface InvoiceView {
  uuid: string;
  displayId: string;
  date: string;
  expiry: string;
  total: number;
  status: { code: string; name: string; icon: string | null; color: string | null } | null;
  card: { code: string; name: string } | null;
}

export interface InvoicesPageView {
  invoices: InvoiceView[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  fetchedAt: string;
  /** True when the service could not be reached and this page comes from the local copy. */
  stale: boolean;
}

/** The CSV text and a suggested name; saving the file is the renderer's (or the CLI's) job. */
export interface InvoicesExport {
  csv: string;
  fileName: string;
  count: number;
  stale: boolean;
}

/** Money in BRL. */
export interface AutoRechargeView {
  enabled: boolean;
  threshold: number;
  planQuantity: number;
  cardId: string | null;
  alertEnabled: boolean;
  alertThreshold: number;
  fetchedAt: string;
  stale: boolean;
}

export interface WebhookTestResult {
  delivered: boolean;
  /** The receiver's HTTP status, or null when none arrived. */
  status: number | null;
  latencyMs: number;
  /** True when Torpedo signed and sent the sample itself (test and live accounts), not the service. */
  simulated: boolean;
  error?: string;
}

// ---------------------------------------------------------------- contacts, lists, opt-outs

export interface ContactListRef {
  id: string;
  name: string;
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
  /** By name. */
  lists: ContactListRef[];
  /** The number is on the opt-out list: it never receives a message. */
  optedOut: boolean;
  createdAt: string;
  updatedAt: string;
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

// ---------------------------------------------------------------- contact import (the wizard)

/** Kinds of binary file the app saves (`Host.saveFile`); each has its own save-dialog filter. */
export type SaveFileKind = 'csv' | 'txt' | 'xlsx' | 'xls' | 'ods';

export type SaveFileResult = SaveTextResult;

export type ImportFormatView = 'csv' | 'txt' | 'xlsx' | 'xls' | 'ods';

/** Which column (index into `headers`) holds what; columns not named are not imported. */
export interface ImportMappingView {
  name?: number;
  phone?: number;
  /** A separate DDD column, prefixed to phones typed without one. */
  areaCode?: number;
  email?: number;
  /** Kept as custom merge fields: `field` is the key (`cidade`), lower-case letters, digits and `_`. */
  custom: { column: number; field: string }[];
}

/** What the file looks like as read, to confirm or correct before planning. */
export interface ImportPreviewView {
  format: ImportFormatView;
  /** Text files: the encoding used (detected or chosen). */
  encoding?: string;
  /** Text files: the delimiter used (detected or chosen). */
  delimiter?: string;
  /** Spreadsheets: every sheet, and the one read. */
  sheetNames?: string[];
  sheet?: string;
  /** Row number of the header as a spreadsheet shows it; 0 when the file has none. */
  headerLine: number;
  headers: string[];
  /** The first 20 data rows (long cells cut for display). */
  sampleRows: string[][];
  totalRows: number;
  mapping: ImportMappingView;
  /** `remembered`: the mapping the user confirmed last time for a file with this same header. */
  mappingSource: 'remembered' | 'suggested';
  /** Encodings and delimiters to offer when the detected ones are wrong. */
  encodings: string[];
  delimiters: string[];
}

export interface ImportOpenedView {
  importId: string;
  preview: ImportPreviewView;
}

export interface ImportRowIssueView {
  /** Row number as a spreadsheet shows it. */
  line: number;
  /** Stable code (`phone_invalid`, `duplicate_in_file`, ...). */
  reason: string;
  /** The reason as a sentence, in the locale asked for. */
  message: string;
  /** The row's cells (long ones cut); absent for warnings. */
  cells?: string[];
}

export interface ImportSample<T> {
  /** The first 50. */
  items: T[];
  total: number;
}

export interface ImportPlanView {
  counts: {
    /** Non-blank data rows: read = valid + duplicatesInFile + invalid. */
    read: number;
    /** Rows that would be imported or update a contact. */
    valid: number;
    /** Later rows repeating an earlier row's phone (the first is kept). */
    duplicatesInFile: number;
    /** Valid rows whose phone is already a contact (update or skip is the user's choice). */
    existing: number;
    /** Of those, the contacts an update would change (the others already hold the file's values). */
    changed: number;
    /** Rows refused: they go to the error file. */
    invalid: number;
    /** Valid rows whose number is on the opt-out list: imported, but never sent to. */
    optedOut: number;
  };
  /** Old 8-digit mobiles and their 9-digit form (applied when acceptNineDigitFix). */
  suggestions: ImportSample<{ line: number; original: string; suggested: string; applied: boolean }>;
  rejectedSample: ImportSample<ImportRowIssueView>;
  duplicatesSample: ImportSample<ImportRowIssueView>;
  /** Imported rows with something dropped (an invalid e-mail). */
  warnings: ImportSample<ImportRowIssueView>;
  /** The first contacts an update would change, field by field (all of them: `import:changes`). */
  changes: ImportSample<ImportChangeView>;
}

export interface ImportResultView {
  read: number;
  /** New contacts. */
  imported: number;
  /** Existing contacts the file's values changed (onDuplicate 'update'). */
  updated: number;
  /** Rows repeating a phone in the file, plus existing contacts left as they were. */
  duplicates: number;
  /** Rows refused (see `import:errorFile`). */
  invalid: number;
  /** Imported numbers that are on the opt-out list. */
  optedOut: number;
  /** The list the contacts were added to, when one was asked for. */
  list?: { id: string; name: string };
  /** true: cancelled before the end; nothing was changed (every count is 0 but `read`). */
  cancelled: boolean;
}

/** An import whose numbers joined the opt-out list (`import:optOut`) instead of the contacts. */
export interface ImportOptOutResultView {
  read: number;
  /** Numbers that joined the opt-out list. */
  added: number;
  /** Numbers already on it (their first date and source are kept). */
  already: number;
  /** Rows refused (see `import:errorFile`). */
  invalid: number;
}

export type ImportPhase = 'reading' | 'planning' | 'saving';

export interface ImportProgressView {
  importId: string;
  phase: ImportPhase;
  done: number;
  total: number;
}

/** The rejected rows in the input's own format, with a reason column, ready to fix and import again. */
export interface ImportErrorFileView {
  fileName: string;
  kind: SaveFileKind;
  mime: string;
  bytes: Uint8Array;
  rows: number;
}
