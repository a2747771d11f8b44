/**
 * Everything Torpedo holds about one number, read in one transaction so the
 * groups agree: the contact (name, e-mail, own columns, lists, consent, time
 * zone, birthday), the opt-out, the block lists holding it, every message
 * sent or about to be sent to it (campaigns, automations, test sends, the
 * inbox's answers) with its text as sent, its clicks and its replies.
 * A read model over the other domains' tables (core/db/tables.ts lists it).
 */
import path from 'node:path';
import type {
  PersonContactView,
  PersonMessageKind,
  PersonMessageView,
  PersonView,
} from '../../../shared/dto/privacy';
import type { Database } from '../../db/open-database';

interface ContactRow {
  id: string;
  name: string;
  email: string | null;
  fields: string;
  consent_basis: 'consent' | 'legitimate_interest' | null;
  consent_source: string | null;
  consent_at: string | null;
  time_zone: string | null;
  birth_md: number | null;
  birth_year: number | null;
  created_at: string;
  updated_at: string;
}

interface MessageRow {
  automation: number;
  handed: number;
  name: string;
  text: string;
  state: string;
  status: string | null;
  at: string | null;
}

export function createPersonReader(db: Database, dbFile: string) {
  const s = {
    contact: db.prepare<[string, string], ContactRow>(
      `SELECT id, name, email, fields, consent_basis, consent_source, consent_at, time_zone,
              birth_md, birth_year, created_at, updated_at
         FROM contacts WHERE profile = ? AND phone = ? AND deleted_at IS NULL`,
    ),
    lists: db
      .prepare<[string], string>(
        `SELECT l.name FROM contact_lists cl JOIN lists l ON l.id = cl.list_id
          WHERE cl.contact_id = ? ORDER BY l.name_key`,
      )
      .pluck(),
    optOut: db.prepare<[string, string], { at: string; source: string; note: string | null }>(
      'SELECT created_at AS at, source, note FROM opt_outs WHERE profile = ? AND phone = ?',
    ),
    blocked: db.prepare<[string, string], { source: string; fileName: string }>(
      // A public register by its own name (the page names the list, not its id); an owner's list by the name it was given.
      `SELECT CASE l.kind WHEN 'procon-sp' THEN 'Procon-SP' WHEN 'procon-al' THEN 'Procon-AL'
                WHEN 'procon-carioca' THEN 'Procon-Carioca' ELSE coalesce(l.name, l.file_name) END AS source,
              l.file_name AS fileName
         FROM blocked_numbers b JOIN block_lists l ON l.profile = b.profile AND l.id = b.list_id
        WHERE b.profile = ? AND b.phone = ? ORDER BY l.kind = 'owner', l.kind, l.name`,
    ),
    // What became of the message as the service reported it (history's outcome: delivered, failed,
    // in_progress), else the outbox's state.
    messages: db.prepare<[string, string], MessageRow>(
      `SELECT c.automation_id IS NOT NULL AS automation, c.name, m.message AS text, b.state,
              b.state IN ('sending', 'accepted') AS handed,
              (SELECT hn.outcome FROM history_sends hs JOIN history_numbers hn ON hn.send_seq = hs.seq
                WHERE hs.profile = c.profile AND hs.id = b.send_id AND hn.phone = m.phone LIMIT 1) AS status,
              coalesce(b.accepted_at,
                CASE WHEN m.schedule IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', m.schedule / 1000.0, 'unixepoch') END,
                c.queued_at) AS at
         FROM campaign_messages m
         JOIN campaign_batches b ON b.campaign_id = m.campaign_id AND b.batch = m.batch
         JOIN campaigns c ON c.id = m.campaign_id
        WHERE c.profile = ? AND m.phone = ?`,
    ),
    tests: db.prepare<[string, string], { name: string; at: string }>(
      'SELECT campaign_name AS name, sent_at AS at FROM campaign_test_sends WHERE profile = ? AND phone = ?',
    ),
    answers: db.prepare<[string, string], { text: string; at: string }>(
      'SELECT text, sent_at AS at FROM inbox_sends WHERE profile = ? AND phone = ?',
    ),
    replies: db.prepare<[string, string], { text: string; at: string }>(
      'SELECT text, received_at AS at FROM inbox_replies WHERE profile = ? AND phone = ? ORDER BY received_at',
    ),
    clicks: db.prepare<[string, string], { url: string; at: string }>(
      `SELECT l.url, k.clicked_at AS at FROM short_link_clicks k
         JOIN short_links l ON l.profile = k.profile AND l.id = k.link_id
        WHERE k.profile = ? AND k.phone = ? ORDER BY k.clicked_at`,
    ),
  };

  const toContact = (row: ContactRow): PersonContactView => ({
    id: row.id,
    name: row.name,
    email: row.email,
    fields: JSON.parse(row.fields) as Record<string, string>,
    lists: s.lists.all(row.id),
    consent: { basis: row.consent_basis, source: row.consent_source, at: row.consent_at },
    timeZone: row.time_zone,
    birthday: birthday(row.birth_md, row.birth_year),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

  // The consent records are the contacts domain's to read (its repo's consentRecords): the module adds them.
  const read = db.transaction(
    (profile: string, phone: string, erased: boolean): Omit<PersonView, 'consentRecords'> => {
      const contact = s.contact.get(profile, phone);
      const messages: PersonMessageView[] = [
        ...s.messages.all(profile, phone).map((m) => ({
          kind: (m.automation ? 'automation' : 'campaign') as PersonMessageKind,
          name: m.name,
          text: m.text,
          status: m.status ?? m.state,
          at: m.at,
          handedToService: m.handed === 1,
        })),
        ...s.tests.all(profile, phone).map((t) => ({
          kind: 'test' as const,
          name: t.name,
          text: null,
          status: 'accepted',
          at: t.at,
          handedToService: true,
        })),
        ...s.answers.all(profile, phone).map((a) => ({
          kind: 'inbox' as const,
          name: null,
          text: a.text,
          status: 'accepted',
          at: a.at,
          handedToService: true,
        })),
      ].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
      const optOut = s.optOut.get(profile, phone) ?? null;
      const blockLists = s.blocked.all(profile, phone);
      const clicks = s.clicks.all(profile, phone);
      const replies = s.replies.all(profile, phone);
      const sent = messages.filter((m) => m.handedToService);
      return {
        phone,
        found:
          contact !== undefined ||
          optOut !== null ||
          blockLists.length > 0 ||
          messages.length > 0 ||
          clicks.length > 0 ||
          replies.length > 0,
        erased,
        contact: contact ? toContact(contact) : null,
        optOut,
        blockLists,
        messages,
        clicks,
        replies,
        storage: {
          database: path.resolve(dbFile),
          sentToService: { number: sent.length > 0, texts: sent.filter((m) => m.text !== null).length },
        },
      };
    },
  );

  return { read: (profile: string, phone: string, erased: boolean) => read.deferred(profile, phone, erased) };
}

function birthday(md: number | null, year: number | null): string | null {
  if (md === null) return null;
  const day = String(md % 100).padStart(2, '0');
  const month = String(Math.floor(md / 100)).padStart(2, '0');
  return year === null ? `${day}/${month}` : `${day}/${month}/${year}`;
}
