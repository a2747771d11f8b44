import { createForgetPerson, type ForgottenContacts } from './forget-person';
import type { LastImportView } from '../../shared/dto/last-import';
import type { Database } from '../db/open-database';
import { fieldFailure, notFound } from './contact-errors';
import { newContactIds } from './contact-ids';
import { checkPhone, LANDLINE_MESSAGE } from './phone/contact-phone';
import { isLandline } from '../../shared/phone-line';
import { CONTACT_COLUMNS, ContactRows, type ContactRecord } from './contact-rows';
import { bumpWriteEpoch, ContactSearch, MAX_PAGE } from './search/contact-search';
import { ContactDeletes, DEFAULT_UNDO_WINDOW_MS } from './contact-deletes';
import { ContactLists } from './contact-lists';
import { LastImport, type UndoCounts } from './import-journal/last-import';
import { OptOuts } from './opt-outs';
import { ConsentRecords } from './consent-records';
import { SearchIndex } from './search/search-index';
import { cleanName, sortKeyOf } from '../../shared/sort-key';
import { birthdayNumber, type ContactBirthday } from '../../shared/birthday';
import { SyncLog } from './sync-log';
import type {
  ContactInput,
  ContactPatch,
  ContactRow,
  DeleteResult,
  ListRow,
  OnDuplicate,
  OptOutRow,
  OptOutSource,
  OptOutTargets,
  SearchFilter,
  SearchPage,
  SearchParams,
  UpdatePreview,
  UpsertCounts,
  UpsertRow,
} from './types';
import { UpsertMany } from './upsert-many';
import { ContactFields } from './values/contact-fields';
import type {
  ConsentEvidence,
  ConsentRecordView,
  ConsentView,
  ContactFieldView,
} from '../../shared/dto/contacts';

/**
 * Contacts, lists and opt-outs of every profile, in SQLite. Every method
 * takes the profile explicitly (the core passes the signed-in one), so the
 * demo's contacts never show in an account's. Each write is one IMMEDIATE
 * transaction that also keeps the search index and the sync log in step.
 */
export interface ContactsRepo {
  /** One page in name order, with the total of matches. Never throws on what the user typed. */
  search(params: SearchParams): SearchPage;
  /** The id of every match, in no order (a bulk action on "all matching"). */
  matchingIds(filter: SearchFilter): string[];
  get(profile: string, id: string): ContactRow | undefined;
  /** Field errors (`invalid_input`): `phone` invalid or already a contact's, `listIds` unknown. */
  create(profile: string, input: ContactInput): ContactRow;
  update(profile: string, id: string, patch: ContactPatch): ContactRow;
  /** Hides the contacts at once; `undoDelete` brings them back (lists included) within the undo window. */
  delete(profile: string, ids: readonly string[]): DeleteResult;
  /** Returns how many came back; `undo_expired` when too late. */
  undoDelete(profile: string, undoToken: string): number;
  /** Purges deletes whose undo window passed (all profiles). Writes call it anyway. */
  purgeExpired(): number;

  lists(profile: string): ListRow[];
  getList(profile: string, id: string): ListRow | undefined;
  findListByName(profile: string, name: string): ListRow | undefined;
  createList(profile: string, name: string): ListRow;
  renameList(profile: string, id: string, name: string): ListRow;
  /** The contacts stay. */
  deleteList(profile: string, id: string): void;
  /** Returns how many joined (were not in the list yet). */
  addToList(profile: string, listId: string, contactIds: readonly string[]): number;
  /** Returns how many left. */
  removeFromList(profile: string, listId: string, contactIds: readonly string[]): number;

  /**
   * Phones must be E.164. An opt-out already on the list keeps its first date and source. `at`:
   * when it was asked (a reply's own time, ISO); default now.
   */
  optOut(
    profile: string,
    targets: OptOutTargets,
    source: OptOutSource,
    note?: string | null,
    at?: string,
  ): { added: number; already: number };
  removeOptOut(profile: string, phones: readonly string[]): number;
  /** Newest first; `query` keeps numbers containing its digits. */
  listOptOuts(
    profile: string,
    page: { offset: number; limit: number; query?: string },
  ): { rows: OptOutRow[]; total: number };
  isOptedOut(profile: string, phone: string): boolean;
  /** The evidence behind a number's consent (E.164), newest first; withdrawn ones stay, marked. */
  consentRecords(profile: string, phone: string): ConsentRecordView[];
  /**
   * Records each number's consent with its evidence (an import's file or columns), and gives the
   * label (`consent_basis`...) to those of their contacts that have none yet. Alone, or inside an
   * import's transaction. Returns how many records were written.
   */
  addConsentRecords(
    profile: string,
    records: readonly { phone: string; evidence: ConsentEvidence }[],
    at?: Date,
  ): number;
  /** The erase (privacy:erase): the numbers' consent records are deleted. Returns how many. */
  eraseConsentRecords(profile: string, phones: readonly string[]): number;

  /**
   * The import's commit: one transaction, all or nothing. Rows carry E.164
   * phones; a phone repeated in `rows` counts once (first wins, the others
   * are skipped). Existing contacts (same phone) are updated (a blank name or
   * e-mail keeps theirs; fields merge) or skipped. With `listId`, every row's
   * contact ends up in that list. `deferIndex`: the new contacts reach the
   * search index only at `indexBacklog()` (search waits for it meanwhile).
   * `at`: the time written (the repo's clock unless given; an import's
   * chunks all write one). `journal`: the import's undo journal keeps what
   * this call changes (see last-import/).
   */
  upsertMany(
    profile: string,
    rows: readonly UpsertRow[],
    onDuplicate: OnDuplicate,
    listId?: string,
    options?: { deferIndex?: boolean; at?: Date; journal?: string },
  ): UpsertCounts;
  /**
   * An import's one legal basis for its whole file (LGPD): recorded on the
   * contacts with these phones (E.164) that have none on record yet (a
   * recorded basis is the owner's and is never replaced by a file's).
   * Inside an import's transaction. Returns how many got it.
   */
  recordConsent(profile: string, phones: readonly string[], consent: ConsentView, at?: Date): number;
  /** What `upsertMany(..., 'update')` would change in existing contacts; nothing is written. */
  previewUpdates(profile: string, rows: readonly UpsertRow[]): UpdatePreview[];
  /** The phones of the contacts it would change, only (a large import's review pages through them). */
  phonesUpdateChanges(profile: string, rows: readonly UpsertRow[]): Set<string>;
  /** The profile's last import that changed something, and whether it can still be undone. */
  lastImport(profile: string): LastImportView | null;
  /** Undoes it (`import_undo_gone`, `import_undo_blocked` when it cannot be). */
  undoImport(profile: string, importId: string): UndoCounts;
  /** No longer offers it for undo; false when it was not the last import. */
  keepLastImport(profile: string, importId: string): boolean;
  /** Whether contacts wait to be indexed for search (a large import just committed). */
  searchBehind(): boolean;
  /** Indexes them, in one transaction; returns how many. */
  indexBacklog(): number;
  /** Every number already a contact in the profile (E.164), for the import planner. */
  existingPhones(profile: string): Set<string>;
  /** The profile's custom fields and their types (text, number, date), by key. */
  fieldTypes(profile: string): ContactFieldView[];
  /**
   * Types custom fields (the import's mapping); a changed type reads the
   * field's values again. Alone, or inside an import's transaction.
   */
  defineFields(profile: string, fields: readonly ContactFieldView[]): void;
  /** Forgets the profile's contacts, lists, opt-outs and pending sync ("sign out and delete local data"). */
  clearProfile(profile: string): void;
  /** Erases everything held about this E.164 number, at the person's request (forget-person.ts). */
  forgetPerson(profile: string, phone: string): ForgottenContacts;
}

export interface ContactsRepoOptions {
  now?: () => Date;
  /** How long a delete can be undone. */
  undoWindowMs?: number;
}

const landlineFlag = (phone: string): number => (isLandline(phone) ? 1 : 0);

const NO_EVIDENCE: Omit<ConsentEvidence, 'basis'> = {
  words: null,
  channel: null,
  collectedBy: null,
  source: null,
  givenAt: null,
};

const fromLabel = (label: ConsentView): Pick<ConsentEvidence, 'source' | 'givenAt'> => ({
  source: label.source?.trim() || null,
  givenAt: label.at,
});

const sameConsent = (
  current: Pick<ContactRecord, 'consent_basis' | 'consent_source' | 'consent_at'> | null,
  next: ConsentView,
) =>
  current !== null &&
  current.consent_basis === next.basis &&
  current.consent_source === (next.source?.trim() || null) &&
  current.consent_at === next.at;

/** The label a record gives a contact that has none: its basis, where it came from, its day. */
const labelOf = (e: ConsentEvidence): ConsentView => ({
  basis: e.basis,
  source: e.source?.slice(0, 200) ?? null,
  at: e.givenAt && /^\d{4}-\d{2}-\d{2}/.test(e.givenAt) ? e.givenAt.slice(0, 10) : null,
});

export function createContactsRepo(db: Database, options: ContactsRepoOptions = {}): ContactsRepo {
  const clock = options.now ?? (() => new Date());
  const index = new SearchIndex(db);
  const sync = new SyncLog(db);
  const rows = new ContactRows(db);
  const search = new ContactSearch(db, rows);
  const deletes = new ContactDeletes(db, index, sync, options.undoWindowMs ?? DEFAULT_UNDO_WINDOW_MS);
  const lists = new ContactLists(db, index, sync);
  const optOuts = new OptOuts(db, index, sync);
  const consents = new ConsentRecords(db);
  const bulk = new UpsertMany(db, index, sync);
  const lastImport = new LastImport(db, index, sync, lists);
  const fields = new ContactFields(db, index.values);
  const forget = createForgetPerson(db, index, sync);

  const s = {
    get: db.prepare<[string, string], ContactRecord>(
      `SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE c.profile = ? AND c.id = ? AND c.deleted_at IS NULL`,
    ),
    holder: db.prepare<[string, string], { id: string; name: string }>(
      'SELECT id, name FROM contacts WHERE profile = ? AND phone = ? AND deleted_at IS NULL',
    ),
    insert: db
      .prepare<
        [string, string, string, string, string, string | null, string, number, string, string],
        number
      >(
        `INSERT INTO contacts (id, profile, name, sort_key, phone, email, fields, landline, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
      )
      .pluck(),
    update: db
      .prepare<[string, string, string, string | null, string, number, string, string, string], number>(
        `UPDATE contacts SET name = ?, sort_key = ?, phone = ?, email = ?, fields = ?, landline = ?,
                updated_at = ?
         WHERE profile = ? AND id = ? RETURNING seq`,
      )
      .pluck(),
    record: db.prepare<[string | null, string | null, string | null, string | null, string, string]>(
      `UPDATE contacts SET consent_basis = ?, consent_source = ?, consent_at = ?, time_zone = ?
        WHERE profile = ? AND id = ?`,
    ),
    consentOfFile: db.prepare<[string, string | null, string | null, string, string, string]>(
      `UPDATE contacts SET consent_basis = ?, consent_source = ?, consent_at = ?, updated_at = ?
        WHERE profile = ? AND deleted_at IS NULL AND consent_basis IS NULL
          AND phone IN (SELECT value FROM json_each(?))`,
    ),
    birthday: db.prepare<[number | null, number | null, string, string]>(
      'UPDATE contacts SET birth_md = ?, birth_year = ? WHERE profile = ? AND id = ?',
    ),
    existingPhones: db
      .prepare<[string], string>('SELECT phone FROM contacts WHERE profile = ? AND deleted_at IS NULL')
      .pluck(),
    touchProfile: db.prepare<[string]>(
      'INSERT OR IGNORE INTO temp.contacts_touched (seq) SELECT seq FROM contacts WHERE profile = ?',
    ),
    // Each table written out, so that the table-owner check (core/db/tables.ts) reads what is cleared.
    clear: [
      'DELETE FROM contacts WHERE profile = ?',
      'DELETE FROM lists WHERE profile = ?',
      'DELETE FROM opt_outs WHERE profile = ?',
      'DELETE FROM sync_changes WHERE profile = ?',
      'DELETE FROM import_journal WHERE profile = ?',
      'DELETE FROM contact_fields WHERE profile = ?',
      'DELETE FROM consent_records WHERE profile = ?',
    ].map((sql) => db.prepare<[string]>(sql)),
  };

  /**
   * One IMMEDIATE transaction (the app and the CLI may both write) that
   * leaves the index in step. `at`: the time to write instead of the clock's.
   */
  const write = <T>(work: (at: string, now: Date, purged: number) => T, at?: Date): T =>
    db
      .transaction(() => {
        const now = at ?? clock();
        const purged = deletes.purgeExpired(now);
        const result = work(now.toISOString(), now, purged);
        index.flush();
        bumpWriteEpoch(db);
        return result;
      })
      .immediate();

  const getRow = (profile: string, id: string) => {
    const record = s.get.get(profile, id);
    return record && rows.toRows(profile, [record])[0];
  };

  /**
   * A phone for a contact: valid, a mobile, and nobody else's. Frees it from a contact deleted a
   * moment ago. `kept`: the contact's number now, which stays allowed (a stored landline's name can
   * still be edited).
   */
  const phoneFor = (profile: string, raw: string, self: string | null, at: string, kept?: string): string => {
    const check = checkPhone(raw);
    if (!check.ok) {
      const params: Record<string, string> | undefined =
        check.suggested !== undefined
          ? { suggested: check.suggested }
          : check.areaCode !== undefined
            ? { ddd: check.areaCode }
            : undefined;
      throw fieldFailure('phone', check.message, `phone_${check.reason}`, params);
    }
    if (check.e164 !== kept && isLandline(check.e164)) {
      throw fieldFailure('phone', LANDLINE_MESSAGE, 'phone_landline');
    }
    const holder = s.holder.get(profile, check.e164);
    if (holder && holder.id !== self) {
      const who = holder.name || check.e164;
      throw fieldFailure('phone', `This number already belongs to ${who}`, 'duplicate_phone', {
        name: holder.name,
        phone: check.e164,
        contactId: holder.id,
      });
    }
    deletes.purgePhones(profile, [check.e164], at);
    return check.e164;
  };

  const setBirthday = (profile: string, id: string, b: ContactBirthday | null) =>
    s.birthday.run(b ? birthdayNumber(b) : null, b?.year ?? null, profile, id);

  const cleanEmail = (email: string | null | undefined) => (email?.trim() ? email.trim() : null);

  /** Consent on record and the contact's own clock, as given (undefined keeps what there is). */
  const writeRecord = (
    profile: string,
    id: string,
    phone: string,
    at: string,
    current: Pick<ContactRecord, 'consent_basis' | 'consent_source' | 'consent_at' | 'time_zone'> | null,
    change: Pick<ContactPatch, 'consent' | 'timeZone'>,
  ) => {
    if (change.consent === undefined && change.timeZone === undefined) return;
    const consent =
      change.consent === undefined
        ? current && { basis: current.consent_basis, source: current.consent_source, at: current.consent_at }
        : change.consent;
    const zone = change.timeZone === undefined ? (current?.time_zone ?? null) : change.timeZone;
    // A consent the owner records (or changes) by hand is evidence too: its record joins the number's history.
    if (change.consent && !sameConsent(current, change.consent)) {
      consents.add(
        profile,
        [{ phone, evidence: { ...NO_EVIDENCE, basis: change.consent.basis, ...fromLabel(change.consent) } }],
        at,
      );
    }
    s.record.run(
      consent?.basis ?? null,
      consent?.basis ? (consent.source?.trim() ?? null) || null : null,
      consent?.basis ? (consent.at ?? null) : null,
      zone,
      profile,
      id,
    );
  };

  return {
    search: (params) => search.search(params),
    matchingIds: (filter) => search.matchingIds(filter),
    get: getRow,

    create: (profile, input) => {
      const id = write((at, now) => {
        const name = cleanName(input.name);
        const phone = phoneFor(profile, input.phone, null, at);
        const listIds = [...new Set(input.listIds ?? [])];
        if (listIds.some((listId) => !lists.get(profile, listId))) {
          throw fieldFailure('listIds', 'This list no longer exists', 'list_not_found');
        }
        const newId = newContactIds(1, now.getTime())[0]!;
        const typed = JSON.stringify(fields.written(profile, input.fields ?? {}));
        const email = cleanEmail(input.email);
        index.touchSeq(
          s.insert.get(
            newId,
            profile,
            name,
            sortKeyOf(name),
            phone,
            email,
            typed,
            landlineFlag(phone),
            at,
            at,
          )!,
        );
        if (input.birthday) setBirthday(profile, newId, input.birthday);
        writeRecord(profile, newId, phone, at, null, input);
        for (const listId of listIds) lists.addContacts(profile, listId, [newId], at);
        sync.record(profile, 'contact', newId, 'upsert', at);
        return newId;
      });
      return getRow(profile, id)!;
    },

    update: (profile, id, patch) => {
      write((at) => {
        const current = s.get.get(profile, id);
        if (!current) throw notFound('contact');
        const name = patch.name === undefined ? current.name : cleanName(patch.name);
        const phone =
          patch.phone === undefined ? current.phone : phoneFor(profile, patch.phone, id, at, current.phone);
        const email = patch.email === undefined ? current.email : cleanEmail(patch.email);
        const typed =
          patch.fields === undefined ? current.fields : JSON.stringify(fields.written(profile, patch.fields));
        index.touchSeq(
          s.update.get(name, sortKeyOf(name), phone, email, typed, landlineFlag(phone), at, profile, id)!,
        );
        if (patch.birthday !== undefined) setBirthday(profile, id, patch.birthday);
        writeRecord(profile, id, phone, at, current, patch);
        sync.record(profile, 'contact', id, 'upsert', at);
      });
      return getRow(profile, id)!;
    },

    delete: (profile, ids) => write((_at, now) => deletes.delete(profile, ids, now)),
    undoDelete: (profile, token) => write((_at, now) => deletes.undo(profile, token, now)),
    purgeExpired: () => write((_at, _now, purged) => purged),

    lists: (profile) => lists.all(profile),
    getList: (profile, id) => lists.get(profile, id),
    findListByName: (profile, name) => lists.findByName(profile, name),
    createList: (profile, name) => write((at) => lists.create(profile, name, at)),
    renameList: (profile, id, name) => write((at) => lists.rename(profile, id, name, at)),
    deleteList: (profile, id) => write((at) => lists.delete(profile, id, at)),
    addToList: (profile, listId, ids) => write((at) => lists.addContacts(profile, listId, ids, at)),
    removeFromList: (profile, listId, ids) => write((at) => lists.removeContacts(profile, listId, ids, at)),

    optOut: (profile, targets, source, note = null, asked) =>
      write((at) => {
        const { phones, ...counts } = optOuts.add(profile, targets, source, note, asked ?? at);
        consents.withdraw(profile, phones, source, asked ?? at);
        return counts;
      }),
    removeOptOut: (profile, phones) => write((at) => optOuts.remove(profile, phones, at)),
    listOptOuts: (profile, page) => {
      if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_PAGE) {
        throw new RangeError(`limit must be 1 to ${MAX_PAGE}`);
      }
      return optOuts.list(
        profile,
        Math.max(0, page.offset),
        page.limit,
        (page.query ?? '').replace(/\D+/g, ''),
      );
    },
    isOptedOut: (profile, phone) => optOuts.isOptedOut(profile, phone),
    consentRecords: (profile, phone) => consents.ofPhone(profile, phone),
    eraseConsentRecords: (profile, phones) => write(() => consents.erase(profile, phones)),
    addConsentRecords: (profile, records, when) =>
      write((at) => {
        const added = consents.add(profile, records, at);
        // The label follows the evidence where the owner recorded none; one statement per distinct label.
        const byLabel = new Map<string, { label: ConsentView; phones: string[] }>();
        for (const { phone, evidence } of records) {
          const label = labelOf(evidence);
          const key = JSON.stringify(label);
          const group = byLabel.get(key) ?? { label, phones: [] };
          group.phones.push(phone);
          byLabel.set(key, group);
        }
        for (const { label, phones } of byLabel.values())
          s.consentOfFile.run(label.basis, label.source, label.at, at, profile, JSON.stringify(phones));
        return added;
      }, when),

    upsertMany: (profile, input, onDuplicate, listId, options = {}) =>
      write((at) => {
        if (listId !== undefined) lists.require(profile, listId);
        return bulk.run(profile, input, onDuplicate, listId, at, {
          // The clock's time even when `at` is given: each chunk's ids then sort after the last chunk's.
          now: clock().getTime(),
          deferIndex: options.deferIndex,
          journal: options.journal,
        });
      }, options.at),
    recordConsent: (profile, phones, consent, when) =>
      write(
        (at) =>
          s.consentOfFile.run(consent.basis, consent.source, consent.at, at, profile, JSON.stringify(phones))
            .changes,
        when,
      ),
    previewUpdates: (profile, input) => bulk.preview(profile, input),
    phonesUpdateChanges: (profile, input) => bulk.changing(profile, input),
    lastImport: (profile) => lastImport.view(profile),
    undoImport: (profile, importId) => write((at) => lastImport.undo(profile, importId, at)),
    keepLastImport: (profile, importId) => write(() => lastImport.forget(profile, importId)),
    searchBehind: () => index.behind,
    indexBacklog: () => write(() => index.catchUp()),
    existingPhones: (profile) => new Set(s.existingPhones.all(profile)),
    fieldTypes: (profile) => fields.all(profile),
    defineFields: (profile, defined) => write((at) => fields.define(profile, defined, at)),
    forgetPerson: (profile, phone) => write((at) => forget(profile, phone, at)),
    clearProfile: (profile) =>
      write(() => {
        s.touchProfile.run(profile);
        for (const statement of s.clear) statement.run(profile);
      }),
  };
}
