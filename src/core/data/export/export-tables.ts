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
    .prepare<
      [string],
      {
        id: string;
        name: string;
        phone: string;
        email: string | null;
        fields: string;
        created_at: string;
        updated_at: string;
        lists: string | null;
      }
    >(
      `SELECT c.id, c.name, c.phone, c.email, c.fields, c.created_at, c.updated_at,
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
      ...keys.map((key) => `field:${key}`),
    ],
    rows: rows.map((row, i) => [
      row.name,
      row.phone,
      row.email,
      row.lists,
      row.created_at,
      row.updated_at,
      ...keys.map((key) => text(parsed[i]![key])),
    ]),
  };
}

function lists(db: Database, profile: string): ExportTable {
  const rows = db
    .prepare<[string], { name: string; members: number; created_at: string }>(
      `SELECT l.name, l.created_at,
              (SELECT count(*) FROM contact_lists cl JOIN contacts c ON c.id = cl.contact_id
                WHERE cl.list_id = l.id AND c.deleted_at IS NULL) AS members
         FROM lists l WHERE l.profile = ? ORDER BY l.name_key`,
    )
    .all(profile);
  return {
    columns: ['name', 'contacts', 'createdAt'],
    rows: rows.map((r) => [r.name, r.members, r.created_at]),
  };
}

function optOuts(db: Database, profile: string): ExportTable {
  const rows = db
    .prepare<[string], { phone: string; created_at: string; source: string; note: string | null }>(
      'SELECT phone, created_at, source, note FROM opt_outs WHERE profile = ? ORDER BY created_at, phone',
    )
    .all(profile);
  return {
    columns: ['phone', 'createdAt', 'source', 'note'],
    rows: rows.map((r) => [r.phone, r.created_at, r.source, r.note]),
  };
}

function campaigns(db: Database, profile: string): ExportTable {
  const rows = db
    .prepare<[string], Record<string, string | number | null>>(
      `SELECT name, status, template, recipients, messages, segments, cost, created_at, queued_at, finished_at,
              (SELECT group_concat(send_id, ' ') FROM campaign_batches b
                WHERE b.campaign_id = campaigns.id AND b.send_id IS NOT NULL) AS send_ids
         FROM campaigns WHERE profile = ? ORDER BY created_at`,
    )
    .all(profile);
  const keys = [
    'name',
    'status',
    'template',
    'recipients',
    'messages',
    'segments',
    'cost',
    'created_at',
    'queued_at',
    'finished_at',
    'send_ids',
  ];
  return {
    columns: [
      'name',
      'status',
      'message',
      'recipients',
      'messages',
      'segments',
      'cost',
      'createdAt',
      'queuedAt',
      'finishedAt',
      'sendIds',
    ],
    rows: rows.map((row) => keys.map((key) => row[key] ?? null)),
  };
}

function sends(db: Database, profile: string): ExportTable {
  const rows = db
    .prepare<[string], Record<string, string | number | null>>(
      `SELECT id, number, created_at, scheduled_at, quantity, status, type, segments, cost, delivered, failed, in_progress
         FROM history_sends WHERE profile = ? ORDER BY created_at, number`,
    )
    .all(profile);
  const keys = [
    'id',
    'number',
    'created_at',
    'scheduled_at',
    'quantity',
    'status',
    'type',
    'segments',
    'cost',
    'delivered',
    'failed',
    'in_progress',
  ];
  return {
    columns: [
      'sendId',
      'number',
      'createdAt',
      'scheduledAt',
      'quantity',
      'status',
      'type',
      'segments',
      'cost',
      'delivered',
      'failed',
      'inProgress',
    ],
    rows: rows.map((row) => keys.map((key) => row[key] ?? null)),
  };
}

function sendNumbers(db: Database, profile: string): ExportTable {
  const rows = db
    .prepare<
      [string],
      { send_id: string; phone: string; status: string; outcome: string; code: string | null }
    >(
      `SELECT s.id AS send_id, n.phone, n.status, n.outcome, n.code
         FROM history_numbers n JOIN history_sends s ON s.seq = n.send_seq
        WHERE s.profile = ? ORDER BY s.created_at, s.seq, n.position`,
    )
    .all(profile);
  return {
    columns: ['sendId', 'phone', 'status', 'outcome', 'code'],
    rows: rows.map((r) => [r.send_id, r.phone, r.status, r.outcome, r.code]),
  };
}

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
