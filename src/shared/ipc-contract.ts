/**
 * The IPC contract: the only place a channel is declared. For each channel,
 * the zod schema its input must pass (validated in core/dispatch.ts before
 * any handler runs) and the type of its output. Main registers one handler
 * per channel, the preload allows only these names, the renderer's api.ts
 * derives its types from here, and the e2e harness calls the same dispatch.
 */
import { z } from 'zod';
import type { ChannelName, EventName } from './ipc-channels';
import type {
  AppInfo,
  AutoRechargeView,
  BalanceView,
  CardsView,
  ConnectivityView,
  ImportErrorFileView,
  ImportOpenedView,
  ImportPlanView,
  ImportPreviewView,
  ImportProgressView,
  ImportOptOutResultView,
  ImportResultView,
  InvoicesExport,
  InvoicesPageView,
  PlansView,
  PurchaseAttemptView,
  PurchaseOutcomeView,
  SaveFileResult,
  SaveTextResult,
  SessionInfo,
  SettingsView,
  WebhookTestResult,
  WebhookView,
  ContactView,
  ContactsDeleteResult,
  ContactsPageView,
  ListView,
  OptOutsAddResult,
  OptOutsPageView,
} from './dto';
import {
  importCommitInput,
  importErrorFileInput,
  importIdInput,
  importOpenInput,
  importPlanInput,
  importReparseInput,
} from './import-inputs';

import { channel, none } from './contract/channel';
import { visibleName } from './visible-text';
import { campaignsContract, type CampaignsEventPayloads } from './contract/campaigns';
import { historyContract, type HistoryEventPayloads } from './contract/history';
import { syncContract, type SyncEventPayloads } from './contract/sync';
import { updatesContract, type UpdatesEventPayloads } from './contract/updates';

const serviceUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full address starting with https://' })
  .max(2048)
  .transform((url) => url.replace(/\/+$/, ''));

// Input schemas with rules worth naming; the renderer's forms reuse them.
export const signInInput = z.strictObject({
  accountKey: z
    .string()
    .trim()
    .min(8, 'The account key looks too short')
    .max(512)
    .regex(/^\S+$/, 'An account key has no spaces'),
  baseUrl: serviceUrl.optional(),
  /** The user agreed to keep the key in memory for this session because no keychain exists. */
  allowMemoryOnly: z.boolean().optional(),
});
export const signOutInput = z.strictObject({ deleteLocalData: z.boolean() });
export const balanceInput = z.strictObject({ refresh: z.boolean().optional() });
export const settingsUpdateInput = z.strictObject({
  language: z.enum(['system', 'pt-BR', 'en']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});
export const openExternalInput = z.strictObject({
  url: z.url({ protocol: /^https$/, error: 'Only https links can be opened' }).max(2048),
});

/** 50 MB of text: far above any export the app makes, well below what IPC and memory handle. */
export const SAVE_TEXT_MAX_CHARS = 50 * 1024 * 1024;

/**
 * A file name the user is offered in the save dialog: a name only, never a
 * folder (no separators, no `..`, no control characters), so the renderer
 * cannot choose where a file lands: the user does, in the dialog.
 */
const suggestedFileName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (name) =>
      !name.includes('/') &&
      !name.includes('\\') &&
      ![...name].some((c) => c < ' ') &&
      name !== '.' &&
      name !== '..',
    'A file name only, without folders',
  );

export const saveTextInput = z.strictObject({
  suggestedName: suggestedFileName,
  // Characters, not bytes: the exports are almost all ASCII.
  content: z.string().max(SAVE_TEXT_MAX_CHARS, 'The file is too large to save'),
  kind: z.enum(['csv']),
});

// ---------------------------------------------------------------- credits and billing

/** Same range as LIMITS.purchaseQuantity* in core/api/wire.ts (shared cannot import core). */
export const PURCHASE_QUANTITY = { min: 250, max: 1_000_000 } as const;

/** Service ids (plans, cards) are opaque short tokens, uuids in practice. */
const serviceId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'Not a valid id');

const purchaseQuantity = z
  .number()
  .int('Whole credits only')
  .min(PURCHASE_QUANTITY.min, `At least ${PURCHASE_QUANTITY.min} credits`)
  .max(PURCHASE_QUANTITY.max, `At most ${PURCHASE_QUANTITY.max.toLocaleString('en')} credits`);

export const buyCreditsInput = z
  .strictObject({
    quantity: purchaseQuantity.optional(),
    planId: serviceId.optional(),
    cardId: serviceId.optional(),
    coupon: z.string().trim().min(1).max(64).optional(),
  })
  .refine((v) => (v.quantity === undefined) !== (v.planId === undefined), {
    path: ['quantity'],
    message: 'Choose a package or a quantity (exactly one)',
  });

export const invoicesInput = z.strictObject({
  page: z.number().int().min(1).max(100_000).optional(),
  perPage: z.number().int().min(1).max(100).optional(),
});

const money = z.number().finite().min(0, 'Cannot be negative').max(1_000_000);

/** Only what the form changed; enabling needs a card and at least 250 credits (checked in core with the current values). */
export const updateAutoRechargeInput = z
  .strictObject({
    enabled: z.boolean().optional(),
    threshold: money.optional(),
    planQuantity: purchaseQuantity.optional(),
    cardId: serviceId.optional(),
    alertEnabled: z.boolean().optional(),
    alertThreshold: money.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

const parseUrl = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/**
 * https only, except plain http to this computer (a local receiver while
 * testing: the traffic never leaves the machine); core refuses even that
 * for a live account, which the real service could not deliver to anyway.
 */
export const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full address starting with https://' })
  .max(2048)
  .refine((url) => {
    const parsed = parseUrl(url);
    if (!parsed || parsed.username || parsed.password) return false;
    return parsed.protocol === 'https:' || LOOPBACK_HOSTS.includes(parsed.hostname);
  }, 'The address must start with https:// (and carry no user name or password)');

export const isLoopbackHttpUrl = (url: string): boolean => {
  const parsed = parseUrl(url);
  return parsed?.protocol === 'http:' && LOOPBACK_HOSTS.includes(parsed.hostname);
};

/** `url: ""` disables the webhook; `rotateSecret` issues a new signing secret. */
export const updateWebhookInput = z
  .strictObject({
    url: z.union([z.literal(''), webhookUrl]).optional(),
    rotateSecret: z.literal(true).optional(),
  })
  .refine((v) => v.url !== undefined || v.rotateSecret !== undefined, { message: 'Nothing to change' });

// ---------------------------------------------------------------- contacts, lists, opt-outs

/** Ids the core hands out (uuids; an undo token too): short, letters, digits and dashes. */
const localId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'Not a valid id');
/** Bulk actions name the selected contacts; a whole 100,000-contact selection fits. */
const localIds = z.array(localId).min(1, 'Select at least one contact').max(100_000);

/** Rows per page of contacts or opt-outs. */
export const CONTACTS_PAGE_MAX = 200;
const page = {
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(CONTACTS_PAGE_MAX).default(50),
};

/** `query`: what was typed (words as prefixes, a phone in any format, an e-mail). */
export const contactsSearchInput = z.strictObject({
  query: z.string().max(200).optional(),
  listId: localId.optional(),
  /** true: only opted-out contacts; false: only the others. */
  optedOut: z.boolean().optional(),
  ...page,
});

const contactName = visibleName(z.string().max(200, 'At most 200 characters'));
/** Any format: the core normalises it to E.164 (Brazil by default) or says why it cannot. */
const typedPhone = z.string().trim().min(1, 'Enter a phone number').max(64);
/** '' or null: no e-mail. */
const contactEmail = z
  .union([z.literal(''), z.email('Not a valid e-mail').max(254)])
  .nullable()
  .optional();
/** Custom merge fields, as the import names them (`cidade`, `data_nascimento`). */
const contactFields = z
  .record(
    z.string().regex(/^[a-z0-9_]{1,40}$/, 'Field names are lower-case letters, digits and _'),
    z.string().max(1600, 'At most 1600 characters'),
  )
  .refine((fields) => Object.keys(fields).length <= 200, 'At most 200 fields');

export const contactCreateInput = z.strictObject({
  name: contactName,
  phone: typedPhone,
  email: contactEmail,
  fields: contactFields.optional(),
  listIds: z.array(localId).max(50).optional(),
});
/** Only what the form changed; `fields` replaces them all. */
export const contactUpdateInput = z.strictObject({
  id: localId,
  name: contactName.optional(),
  phone: typedPhone.optional(),
  email: contactEmail,
  fields: contactFields.optional(),
});
export const idInput = z.strictObject({ id: localId });
export const contactIdsInput = z.strictObject({ ids: localIds });
export const undoDeleteInput = z.strictObject({ undoToken: localId });
export const listMembersInput = z.strictObject({ listId: localId, ids: localIds });

/** 2 to 20 characters, like the service's lists. */
export const listName = visibleName(
  z.string().min(2, 'At least 2 characters').max(20, 'At most 20 characters'),
);
export const listCreateInput = z.strictObject({ name: listName });
export const listRenameInput = z.strictObject({ id: localId, name: listName });

const optOutNote = z.string().trim().max(200).optional();
const typedPhones = z.array(z.string().max(64)).min(1, 'Enter at least one number').max(10_000);
/** `query`: digits the numbers contain. */
export const optOutsListInput = z.strictObject({ query: z.string().max(200).optional(), ...page });
export const optOutsAddInput = z.strictObject({ phones: typedPhones, note: optOutNote });
export const optOutsRemoveInput = z.strictObject({ phones: typedPhones });
export const contactsOptOutInput = z.strictObject({ ids: localIds, note: optOutNote });

export const contract = {
  'app:info': channel<typeof none, AppInfo>(none),

  'session:get': channel<typeof none, SessionInfo>(none),
  'session:signIn': channel<typeof signInInput, SessionInfo>(signInInput),
  'session:startDemo': channel<typeof none, SessionInfo>(none),
  'session:signOut': channel<typeof signOutInput, SessionInfo>(signOutInput),
  'demo:reset': channel<typeof none, SessionInfo>(none),

  'account:balance': channel<typeof balanceInput, BalanceView>(balanceInput),
  'account:webhook': channel<typeof none, WebhookView>(none),
  'account:revealWebhookSecret': channel<typeof none, { secret: string | null }>(none),
  'account:copyWebhookSecret': channel<typeof none, { copied: boolean }>(none),

  'connectivity:get': channel<typeof none, ConnectivityView>(none),
  'connectivity:check': channel<typeof none, ConnectivityView>(none),

  'settings:get': channel<typeof none, SettingsView>(none),
  'settings:update': channel<typeof settingsUpdateInput, SettingsView>(settingsUpdateInput),

  'shell:openExternal': channel<typeof openExternalInput, { opened: boolean }>(openExternalInput),
  /** Asks the user where to save `content` (a native save dialog); `saved: false` when they cancel. */
  'files:saveText': channel<typeof saveTextInput, SaveTextResult>(saveTextInput),

  'credits:plans': channel<typeof none, PlansView>(none),
  'credits:cards': channel<typeof none, CardsView>(none),
  /** Never retried automatically; a second call while one is in flight fails with `purchase_in_progress`. */
  'credits:buy': channel<typeof buyCreditsInput, PurchaseOutcomeView>(buyCreditsInput),
  /** The current or last attempt of the signed-in account (for the UI after a restart). */
  'credits:attempt': channel<typeof none, PurchaseAttemptView | null>(none),
  'credits:invoices': channel<typeof invoicesInput, InvoicesPageView>(invoicesInput),
  'credits:exportInvoices': channel<typeof none, InvoicesExport>(none),
  'account:autoRecharge': channel<typeof none, AutoRechargeView>(none),
  'account:updateAutoRecharge': channel<typeof updateAutoRechargeInput, AutoRechargeView>(
    updateAutoRechargeInput,
  ),
  'account:updateWebhook': channel<typeof updateWebhookInput, WebhookView>(updateWebhookInput),
  'account:testWebhook': channel<typeof none, WebhookTestResult>(none),

  // Contact import (the wizard; schemas in import-inputs.ts). Progress comes as `import:progress` events.
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
  /** Stops the import at any point and drops its file; nothing is changed unless it was already saved. */
  'import:cancel': channel<typeof importIdInput, { cancelled: boolean }>(importIdInput),
  /** The rejected rows in the input's format with a reason column; null when none was rejected. */
  'import:errorFile': channel<typeof importErrorFileInput, ImportErrorFileView | null>(importErrorFileInput),
  /** The same file, saved where the user chooses (a native save dialog). */
  'import:saveErrorFile': channel<typeof importErrorFileInput, SaveFileResult>(importErrorFileInput),

  // Contacts, lists and opt-outs of the signed-in profile (`not_signed_in` otherwise).
  // Errors: `invalid_input` with fields (a duplicate phone, a list name taken), `not_found`, `undo_expired`.
  /** One page in name order; `total` counts every match. */
  'contacts:search': channel<typeof contactsSearchInput, ContactsPageView>(contactsSearchInput),
  'contacts:get': channel<typeof idInput, ContactView>(idInput),
  'contacts:create': channel<typeof contactCreateInput, ContactView>(contactCreateInput),
  'contacts:update': channel<typeof contactUpdateInput, ContactView>(contactUpdateInput),
  /** Hidden at once; `contacts:undoDelete` brings them back (lists included) until `expiresAt` or the next delete. */
  'contacts:delete': channel<typeof contactIdsInput, ContactsDeleteResult>(contactIdsInput),
  'contacts:undoDelete': channel<typeof undoDeleteInput, { restored: number }>(undoDeleteInput),
  /** `added`: contacts that were not in the list yet. */
  'contacts:addToList': channel<typeof listMembersInput, { added: number }>(listMembersInput),
  'contacts:removeFromList': channel<typeof listMembersInput, { removed: number }>(listMembersInput),
  /** The contacts' numbers join the opt-out list (source `contact`). */
  'contacts:optOut': channel<typeof contactsOptOutInput, { added: number; already: number }>(
    contactsOptOutInput,
  ),
  /** By name, with their contact counts. */
  'lists:list': channel<typeof none, ListView[]>(none),
  'lists:create': channel<typeof listCreateInput, ListView>(listCreateInput),
  'lists:rename': channel<typeof listRenameInput, ListView>(listRenameInput),
  /** The contacts stay. */
  'lists:delete': channel<typeof idInput, { deleted: true }>(idInput),
  /** Newest first. */
  'optOuts:list': channel<typeof optOutsListInput, OptOutsPageView>(optOutsListInput),
  /** Numbers typed by hand (source `manual`), any format; the invalid ones are reported one by one. */
  'optOuts:add': channel<typeof optOutsAddInput, OptOutsAddResult>(optOutsAddInput),
  'optOuts:remove': channel<typeof optOutsRemoveInput, { removed: number }>(optOutsRemoveInput),

  // Domains added since keep their part of the contract in ./contract/.
  ...campaignsContract,
  ...historyContract,
  ...syncContract,
  ...updatesContract,
} satisfies Record<ChannelName, { input: z.ZodType; output: unknown }>;

export type Contract = typeof contract;
/** What the renderer passes (before zod's defaults and transforms). */
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
/** What a handler receives (after validation). */
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = Contract[C]['output'];

/** Events from main to the renderer, with their payloads (the domains' own in ./contract/). */
export type EventPayloads = BaseEventPayloads &
  CampaignsEventPayloads &
  HistoryEventPayloads &
  SyncEventPayloads &
  UpdatesEventPayloads;

interface BaseEventPayloads {
  'session:changed': SessionInfo;
  'balance:changed': BalanceView;
  'connectivity:changed': ConnectivityView;
  'credits:attemptChanged': PurchaseAttemptView;
  /** Throttled to about 10 per second per import; the first event of an import carries its id. */
  'import:progress': ImportProgressView;
}
// Compile-time proof that EVENTS and EventPayloads agree.
type _EventsAgree = [EventName] extends [keyof EventPayloads]
  ? [keyof EventPayloads] extends [EventName]
    ? true
    : never
  : never;
const _eventsAgree: _EventsAgree = true;
void _eventsAgree;

/** The window.torpedo bridge the preload installs (and the e2e harness imitates). */
export interface TorpedoBridge {
  invoke<C extends ChannelName>(
    channel: C,
    input: InputOf<C>,
  ): Promise<import('./app-error').Result<OutputOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}
