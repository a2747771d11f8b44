/**
 * The contacts part of the IPC contract (merged into ../ipc-contract.ts):
 * contacts, lists and the opt-out list of the signed-in profile.
 *
 * Errors: `not_signed_in`, `invalid_input` with fields (a duplicate phone, a
 * list name taken), `not_found`, `undo_expired`.
 */
import { z } from 'zod';
import { BIRTHDAY_AGES, birthdayProblem } from '../birthday';
import type {
  ConsentChannel,
  ConsentRecordView,
  ContactView,
  ContactsDeleteResult,
  ContactsPageView,
  ListView,
  OptOutsAddResult,
  OptOutsPageView,
} from '../dto';
import { visibleName } from '../visible-text';
import { BRAZIL_CLOCKS } from '../rules/ddd-zones';
import { channel, none } from './channel';
import { MAX_IDS, localId, localIds } from './ids';

export const CONTACTS_ERRORS = {
  /** A delete that can no longer be undone: its undo token is unknown, expired, or a newer delete replaced it. */
  undoExpired: 'undo_expired',
} as const;

/** Rows per page of contacts or opt-outs. */
export const CONTACTS_PAGE_MAX = 200;
const page = {
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(CONTACTS_PAGE_MAX).default(50),
};

/** What the Contacts page's search and filters ask for. `query`: what was typed (words as prefixes, a phone in any format, an e-mail). */
const contactsFilter = {
  query: z.string().max(200).optional(),
  listId: localId.optional(),
  /** true: only opted-out contacts; false: only the others. */
  optedOut: z.boolean().optional(),
};
export const contactsSearchInput = z.strictObject({ ...contactsFilter, ...page });

/**
 * Every contact a search matches (`matching`: its query and filters), but those unticked
 * (`except`): a bulk action on "all matching" names the search, not a million ids.
 */
const everyMatch = {
  matching: z.strictObject(contactsFilter),
  except: z.array(localId).max(MAX_IDS),
};
/** A bulk action's contacts: ticked one by one (`ids`), or every match but some. */
const selection = <T extends z.ZodRawShape>(shape: T) =>
  z.union([z.strictObject({ ...shape, ids: localIds }), z.strictObject({ ...shape, ...everyMatch })]);

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

/** A calendar date that exists, `YYYY-MM-DD`. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
  }, 'Not a date that exists');
/** Consent on record (LGPD): the legal basis, where it came from, when; null clears it. */
export const consentRecord = z
  .strictObject({
    basis: z.enum(['consent', 'legitimate_interest']),
    source: z
      .string()
      .trim()
      .max(200, 'At most 200 characters')
      .nullable()
      .transform((v) => (v ? v : null)),
    at: calendarDate.nullable(),
  })
  .nullable();
/** Where a customer gave their consent (the evidence's channel): the form's and the import's choices. */
export const CONSENT_CHANNELS = [
  'balcao',
  'formulario',
  'site',
  'planilha',
  'outro',
] as const satisfies readonly ConsentChannel[];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));

/** A consent's evidence given for a whole import: the words agreed to, the channel, who collected it. */
export const consentFileEvidence = z.strictObject({
  words: optionalText(2000),
  channel: z.enum(CONSENT_CHANNELS).nullable().default(null),
  collectedBy: optionalText(200),
});

/** A contact's own clock, one of Brazil's four; null: its DDD decides. */
const contactClock = z.enum(BRAZIL_CLOCKS).nullable();
/** A birthday as the drawer gives it; null clears it. A day that does not exist, or an age outside 0-120, is refused. */
export const contactBirthday = z
  .strictObject({
    day: z.number().int().min(1).max(31),
    month: z.number().int().min(1).max(12),
    year: z.number().int().min(1).max(9999).nullable(),
  })
  .superRefine((b, ctx) => {
    const problem = birthdayProblem(b, new Date());
    if (problem === 'impossible') ctx.addIssue({ code: 'custom', message: 'This date does not exist' });
    if (problem === 'age')
      ctx.addIssue({
        code: 'custom',
        message: `The year gives an age outside ${BIRTHDAY_AGES.min} to ${BIRTHDAY_AGES.max}`,
      });
  });

export const contactCreateInput = z.strictObject({
  name: contactName,
  phone: typedPhone,
  email: contactEmail,
  fields: contactFields.optional(),
  birthday: contactBirthday.nullable().optional(),
  listIds: z.array(localId).max(50).optional(),
  consent: consentRecord.optional(),
  timeZone: contactClock.optional(),
});
/** Only what the form changed; `fields` replaces them all. */
export const contactUpdateInput = z.strictObject({
  id: localId,
  name: contactName.optional(),
  phone: typedPhone.optional(),
  email: contactEmail,
  fields: contactFields.optional(),
  consent: consentRecord.optional(),
  timeZone: contactClock.optional(),
  birthday: contactBirthday.nullable().optional(),
});
export const idInput = z.strictObject({ id: localId });
export const contactSelectionInput = selection({});
/** The ids of every match but some, up to `limit` (a campaign's audience names at most 100,000). */
export const matchingIdsInput = z.strictObject({
  ...everyMatch,
  limit: z.number().int().min(1).max(MAX_IDS),
});
export const undoDeleteInput = z.strictObject({ undoToken: localId });
export const listMembersInput = z.strictObject({ listId: localId, ids: localIds });
export const addToListInput = selection({ listId: localId });

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
export const contactsOptOutInput = selection({ note: optOutNote });

export const contactsContract = {
  // Contacts, lists and opt-outs of the signed-in profile (`not_signed_in` otherwise).
  // Errors: `invalid_input` with fields (a duplicate phone, a list name taken), `not_found`, `undo_expired`.
  /** One page in name order; `total` counts every match. */
  'contacts:search': channel<typeof contactsSearchInput, ContactsPageView>(contactsSearchInput),
  'contacts:get': channel<typeof idInput, ContactView>(idInput),
  /** The evidence behind the contact's consent (by its number), newest first; withdrawn ones stay, marked. */
  'contacts:consentRecords': channel<typeof idInput, ConsentRecordView[]>(idInput),
  'contacts:create': channel<typeof contactCreateInput, ContactView>(contactCreateInput),
  'contacts:update': channel<typeof contactUpdateInput, ContactView>(contactUpdateInput),
  /** Hidden at once; `contacts:undoDelete` brings them back (lists included) until `expiresAt` or the next delete. */
  'contacts:delete': channel<typeof contactSelectionInput, ContactsDeleteResult>(contactSelectionInput),
  /** `total`: every match but the ones left out; `ids` holds the first `limit` of them. */
  'contacts:matchingIds': channel<typeof matchingIdsInput, { ids: string[]; total: number }>(
    matchingIdsInput,
  ),
  'contacts:undoDelete': channel<typeof undoDeleteInput, { restored: number }>(undoDeleteInput),
  /** `added`: contacts that were not in the list yet. */
  'contacts:addToList': channel<typeof addToListInput, { added: number }>(addToListInput),
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
};

export type ContactsChannel = keyof typeof contactsContract;
