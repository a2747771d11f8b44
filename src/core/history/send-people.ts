import type { SendNumberView } from '../../shared/dto/history';
import { messageReference } from '../campaigns/campaigns-module';
import type { Database } from '../db/open-database';
import type { NumberRow, SendRow } from './send-repo';

interface CampaignMessage {
  phone: string;
  position: number;
  contact_id: string | null;
  ref: string;
}

/** A name worth showing: contacts may be nameless (''). */
const named = (name: string | null | undefined): string | null => (name ? name : null);

/**
 * Who each number of a page is: for a campaign's send, the campaign message
 * sent to it (its reference, and the recipient it was rendered for); for
 * any send, the contact with that number in this profile. One query per
 * kind for the whole page, keyed by phone (a batch never repeats a phone).
 */
export function createSendPeople(db: Database) {
  const campaignMessages = db.prepare<[string, number, string], CampaignMessage>(
    `SELECT m.phone, m.position, m.contact_id, c.ref
       FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
      WHERE m.campaign_id = ? AND m.batch = ? AND m.phone IN (SELECT value FROM json_each(?))`,
  );
  const contactsById = db.prepare<[string, string], { id: string; name: string }>(
    'SELECT id, name FROM contacts WHERE profile = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const contactsByPhone = db.prepare<[string, string], { phone: string; name: string }>(
    `SELECT phone, name FROM contacts
      WHERE profile = ? AND deleted_at IS NULL AND phone IN (SELECT value FROM json_each(?))`,
  );

  return (profile: string, send: SendRow, rows: readonly NumberRow[]): SendNumberView[] => {
    const phones = JSON.stringify([...new Set(rows.map((r) => r.phone))]);
    const messages = new Map<string, CampaignMessage>();
    if (send.campaign_id !== null && send.campaign_batch !== null) {
      for (const m of campaignMessages.all(send.campaign_id, send.campaign_batch, phones))
        messages.set(m.phone, m);
    }
    const contactIds = [...messages.values()].flatMap((m) => (m.contact_id ? [m.contact_id] : []));
    const nameById = new Map(
      contactsById.all(profile, JSON.stringify(contactIds)).map((c) => [c.id, c.name]),
    );
    const nameByPhone = new Map(contactsByPhone.all(profile, phones).map((c) => [c.phone, c.name]));
    return rows.map((row) => {
      const message = messages.get(row.phone);
      const recipient = message?.contact_id ? named(nameById.get(message.contact_id)) : null;
      return {
        id: row.id,
        phone: row.phone,
        status: row.status,
        outcome: row.outcome,
        code: row.code,
        contactName: recipient ?? named(nameByPhone.get(row.phone)),
        reference: message ? messageReference(message.ref, send.campaign_batch!, message.position) : null,
      };
    });
  };
}
