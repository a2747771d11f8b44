import type { Database } from '../db/open-database';
import type { ContactListRef, ContactRow } from './types';

/** The columns of `contacts` a ContactRow is made of. */
export const CONTACT_COLUMNS =
  'c.seq, c.id, c.name, c.phone, c.email, c.fields, c.landline, c.created_at, c.updated_at';

export interface ContactRecord {
  seq: number;
  id: string;
  name: string;
  phone: string;
  email: string | null;
  fields: string;
  /** 1: a fixed line (migration 0020), left out of every send. */
  landline: number;
  created_at: string;
  updated_at: string;
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
    this.optedOut = db
      .prepare<[string, string], string>(
        `SELECT o.phone FROM json_each(?) j CROSS JOIN opt_outs o ON o.profile = ? AND o.phone = j.value`,
      )
      .pluck();
  }

  toRows(profile: string, records: readonly ContactRecord[]): ContactRow[] {
    if (records.length === 0) return [];
    const lists = new Map<string, ContactListRef[]>();
    for (const m of this.memberships.all(JSON.stringify(records.map((r) => r.id)))) {
      let refs = lists.get(m.contact_id);
      if (!refs) lists.set(m.contact_id, (refs = []));
      refs.push({ id: m.id, name: m.name });
    }
    const opted = new Set(this.optedOut.all(JSON.stringify(records.map((r) => r.phone)), profile));
    return records.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      fields: JSON.parse(r.fields) as Record<string, string>,
      lists: lists.get(r.id) ?? [],
      optedOut: opted.has(r.phone),
      landline: r.landline === 1,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }
}
