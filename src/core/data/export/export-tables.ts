import type { ContactRecord } from '../../contacts/contacts-module';
import type { Database } from '../../db/open-database';
import type { CsvValue } from '../../export/csv';

/** One table of the export: its column keys (translated in export-files.ts) and its rows. */
export interface ExportTable {
  columns: readonly string[];
  rows: CsvValue[][];
}

export interface ExportTables {
  contacts: ExportTable;
  lists: ExportTable;
  optOuts: ExportTable;
  campaigns: ExportTable;
  sends: ExportTable;
  sendNumbers: ExportTable;
}

/** Custom fields, each as its own column, in the order they first appear. */
function fieldColumns(rows: { fields: string }[]): { keys: string[]; parsed: Record<string, unknown>[] } {
  const keys = new Set<string>();
  const parsed = rows.map((row) => {
    const fields = JSON.parse(row.fields) as Record<string, unknown>;
    for (const key of Object.keys(fields)) keys.add(key);
    return fields;
  });
  return { keys: [...keys], parsed };
}

const text = (value: unknown): CsvValue =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function contacts(db: Database, profile: string): ExportTable {
  const rows = db
    .prepare<[string], Omit<ContactRecord, 'seq'> & { lists: string | null }>(
      `SELECT c.id, c.name, c.phone, c.email, c.fields, c.created_at, c.updated_at,
              c.consent_basis, c.consent_source, c.consent_at, c.time_zone,
              (SELECT group_concat(l.name, '; ') FROM contact_lists cl JOIN lists l ON l.id = cl.list_id
                WHERE cl.contact_id = c.id) AS lists
         FROM contacts c WHERE c.profile = ? AND c.deleted_at IS NULL ORDER BY c.sort_key, c.seq`,
    )
    .all(profile);
  const { keys, parsed } = fieldColumns(rows);
  return {
    // Custom fields keep the names the user gave them (the import's column names).
    columns: [
      'name',
      'phone',
      'email',
      'lists',
      'createdAt',
      'updatedAt',
      // Consent on record (LGPD): what the business can show for messaging each person.
      'consentBasis',
      'consentSource',
      'consentAt',
      'timeZone',
      ...keys.map((key) => `field:${key}`),
    ],
    rows: rows.map((row, i) => [
      row.name,
      row.phone,
      row.email,
      row.lists,
      row.created_at,
      row.updated_at,
      row.consent_basis,
      row.consent_source,
      row.consent_at,
      row.time_zone,
      ...keys.map((key) => text(parsed[i]![key])),
    ]),
  };
}

/**
 * A table read straight from SQL: the query's column names (its aliases)
 * are the export's column keys, its rows the rows, in order.
 */
function sqlTable(db: Database, sql: string, profile: string): ExportTable {
  const statement = db.prepare<[string], CsvValue[]>(sql).raw();
  return { columns: statement.columns().map((column) => column.name), rows: statement.all(profile) };
}

const lists = (db: Database, profile: string) =>
  sqlTable(
    db,
    `SELECT l.name AS name,
            (SELECT count(*) FROM contact_lists cl JOIN contacts c ON c.id = cl.contact_id
              WHERE cl.list_id = l.id AND c.deleted_at IS NULL) AS contacts,
            l.created_at AS createdAt
       FROM lists l WHERE l.profile = ? ORDER BY l.name_key`,
    profile,
  );

const optOuts = (db: Database, profile: string) =>
  sqlTable(
    db,
    `SELECT phone, created_at AS createdAt, source, note
       FROM opt_outs WHERE profile = ? ORDER BY created_at, phone`,
    profile,
  );

const campaigns = (db: Database, profile: string) =>
  sqlTable(
    db,
    `SELECT name, status, template AS message, recipients, messages, segments, cost,
            created_at AS createdAt, queued_at AS queuedAt, finished_at AS finishedAt,
            (SELECT group_concat(send_id, ' ') FROM campaign_batches b
              WHERE b.campaign_id = campaigns.id AND b.send_id IS NOT NULL) AS sendIds
       FROM campaigns WHERE profile = ? ORDER BY created_at`,
    profile,
  );

const sends = (db: Database, profile: string) =>
  sqlTable(
    db,
    `SELECT id AS sendId, number, created_at AS createdAt, scheduled_at AS scheduledAt, quantity, status, type,
            segments, cost, delivered, failed, in_progress AS inProgress
       FROM history_sends WHERE profile = ? ORDER BY created_at, number`,
    profile,
  );

const sendNumbers = (db: Database, profile: string) =>
  sqlTable(
    db,
    `SELECT s.id AS sendId, n.phone AS phone, n.status AS status, n.outcome AS outcome, n.code AS code
       FROM history_numbers n JOIN history_sends s ON s.seq = n.send_seq
      WHERE s.profile = ? ORDER BY s.created_at, s.seq, n.position`,
    profile,
  );

/**
 * Everything of one profile a business would take to another tool, read in
 * one transaction so the files agree with each other (a campaign's sends are
 * in the sends file). Deleted contacts waiting for their undo are left out.
 */
export function readExportTables(db: Database, profile: string): ExportTables {
  return db.transaction(() => ({
    contacts: contacts(db, profile),
    lists: lists(db, profile),
    optOuts: optOuts(db, profile),
    campaigns: campaigns(db, profile),
    sends: sends(db, profile),
    sendNumbers: sendNumbers(db, profile),
  }))();
}
