import { birthdayOf } from '../../shared/birthday';
import type { Database } from '../db/open-database';
import type { ConsentBasis, OptOutRecordView } from '../../shared/dto/contacts';
import type { ContactListRef, ContactRow } from './types';

/** The columns of `contacts` a ContactRow is made of. */
export const CONTACT_COLUMNS =
  'c.seq, c.id, c.name, c.phone, c.email, c.fields, c.landline, c.birth_md, c.birth_year, c.created_at, c.updated_at, ' +
  'c.consent_basis, c.consent_source, c.consent_at, c.time_zone';

export interface ContactRecord {
  seq: number;
  id: string;
  name: string;
  phone: string;
  email: string | null;
  fields: string;
  /** 1: a fixed line (migration 0021), left out of every send. */
  landline: number;
  /** month × 100 + day (the `contact-birthdays` migration); null: no birthday. */
  birth_md: number | null;
  birth_year: number | null;
  created_at: string;
  updated_at: string;
  consent_basis: ConsentBasis | null;
  consent_source: string | null;
  consent_at: string | null;
  time_zone: string | null;
}

interface OptOutRecord {
  phone: string;
  created_at: string;
  source: OptOutRecordView['source'];
  note: string | null;
}

/**
 * Turns contact records into ContactRows with their lists and opt-out state,
 * in two queries for the whole page (never one per row).
 */
export class ContactRows {
  private readonly memberships;
  private readonly optedOut;

  constructor(db: Database) {
    this.memberships = db.prepare<[string], { contact_id: string; id: string; name: string }>(
      `SELECT cl.contact_id, l.id, l.name FROM json_each(?) j
       JOIN contact_lists cl ON cl.contact_id = j.value
       JOIN lists l ON l.id = cl.list_id
       ORDER BY l.name_key`,
    );
    this.optedOut = db.prepare<[string, string], OptOutRecord>(
      `SELECT o.phone, o.created_at, o.source, o.note
         FROM json_each(?) j CROSS JOIN opt_outs o ON o.profile = ? AND o.phone = j.value`,
    );
  }

  toRows(profile: string, records: readonly ContactRecord[]): ContactRow[] {
    if (records.length === 0) return [];
    const lists = new Map<string, ContactListRef[]>();
    for (const m of this.memberships.all(JSON.stringify(records.map((r) => r.id)))) {
      let refs = lists.get(m.contact_id);
      if (!refs) lists.set(m.contact_id, (refs = []));
      refs.push({ id: m.id, name: m.name });
    }
    const opted = new Map(
      this.optedOut.all(JSON.stringify(records.map((r) => r.phone)), profile).map((o) => [o.phone, o]),
    );
    return records.map((r) => {
      const optOut = opted.get(r.phone);
      return {
        id: r.id,
        name: r.name,
        phone: r.phone,
        email: r.email,
        fields: JSON.parse(r.fields) as Record<string, string>,
        birthday: birthdayOf(r.birth_md, r.birth_year),
        lists: lists.get(r.id) ?? [],
        optedOut: optOut !== undefined,
        landline: r.landline === 1,
        optOut: optOut ? { at: optOut.created_at, source: optOut.source, note: optOut.note } : null,
        consent: r.consent_basis
          ? { basis: r.consent_basis, source: r.consent_source, at: r.consent_at }
          : null,
        timeZone: r.time_zone,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }
}
