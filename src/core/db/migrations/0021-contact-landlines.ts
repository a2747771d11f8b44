import { isLandline } from '../../../shared/phone-line';
import type { Migration } from './types';

/**
 * `contacts.landline`: the number is a fixed line (shared/phone-line.ts), so
 * no SMS can reach it. Such a contact is kept (it is the owner's data, and it
 * may have come from the service's own contact list) but is left out of every
 * audience, cost and send, and the Contacts page says why. New ones are
 * refused at import and in the contact form; contacts stored before this
 * version are marked here, by reading each number once.
 */
export const contactLandlines: Migration = {
  version: 21,
  name: 'contact-landlines',
  up(db) {
    db.exec(`ALTER TABLE contacts ADD COLUMN landline INTEGER NOT NULL DEFAULT 0 CHECK (landline IN (0, 1))`);
    const mark = db.prepare<[number]>('UPDATE contacts SET landline = 1 WHERE seq = ?');
    const all = db.prepare<[], { seq: number; phone: string }>('SELECT seq, phone FROM contacts');
    const landlines: number[] = [];
    for (const row of all.iterate()) if (isLandline(row.phone)) landlines.push(row.seq);
    for (const seq of landlines) mark.run(seq);
  },
};
