/**
 * Erasing one person at their request (core/privacy; LGPD art. 18, VI):
 * everything the contacts domain holds about a number goes, for good and at
 * once, without the undo window of an ordinary delete: the contact (a
 * hidden one too) with its fields, consent, time zone and list memberships
 * (ON DELETE CASCADE), its search and typed-value rows, its earlier versions
 * kept by the import's undo journal, the number's opt-out (the privacy
 * domain's suppression replaces it) and its consent records (the evidence
 * of a consent the person withdrew by asking to be erased). The service learns of the delete like
 * any other (a `delete` in the sync log, ids only).
 */
import type { Database } from '../db/open-database';
import type { SearchIndex } from './search/search-index';
import type { SyncLog } from './sync-log';

export interface ForgottenContacts {
  contacts: number;
  listMemberships: number;
  optOuts: number;
  importHistory: number;
  consentRecords: number;
}

export function createForgetPerson(db: Database, index: SearchIndex, sync: SyncLog) {
  const s = {
    holders: db.prepare<[string, string], { seq: number; id: string }>(
      'SELECT seq, id FROM contacts WHERE profile = ? AND phone = ?',
    ),
    memberships: db
      .prepare<[string], number>(
        'SELECT count(*) FROM contact_lists WHERE contact_id IN (SELECT value FROM json_each(?))',
      )
      .pluck(),
    deleteContacts: db.prepare<[string, string]>('DELETE FROM contacts WHERE profile = ? AND phone = ?'),
    journalContacts: db.prepare<[string]>(
      'DELETE FROM import_journal_contacts WHERE seq IN (SELECT value FROM json_each(?))',
    ),
    journalMembers: db.prepare<[string]>(
      'DELETE FROM import_journal_members WHERE seq IN (SELECT value FROM json_each(?))',
    ),
    optOut: db.prepare<[string, string]>('DELETE FROM opt_outs WHERE profile = ? AND phone = ?'),
    consents: db.prepare<[string, string]>('DELETE FROM consent_records WHERE profile = ? AND phone = ?'),
    // FTS5 keeps a deleted row's words in its segments until they are merged: merging them all is
    // what takes the name and the number out of the index's pages.
    mergeIndex: db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')"),
  };

  /** Call inside the caller's write transaction (the repo's `write` flushes the index after it). */
  return (profile: string, phone: string, at: string): ForgottenContacts => {
    const holders = s.holders.all(profile, phone);
    const seqs = JSON.stringify(holders.map((h) => h.seq));
    const ids = holders.map((h) => h.id);
    const listMemberships = holders.length > 0 ? s.memberships.get(JSON.stringify(ids))! : 0;
    for (const h of holders) index.touchSeq(h.seq);
    const importHistory = s.journalContacts.run(seqs).changes;
    s.journalMembers.run(seqs);
    const contacts = s.deleteContacts.run(profile, phone).changes;
    // Their search and typed-value rows go with them (a touched contact that is gone loses its rows).
    index.flush();
    sync.recordMany(profile, 'contact', ids, 'delete', at);
    const optOuts = s.optOut.run(profile, phone).changes;
    const consentRecords = s.consents.run(profile, phone).changes;
    if (contacts > 0) s.mergeIndex.run();
    return { contacts, listMemberships, optOuts, importHistory, consentRecords };
  };
}
