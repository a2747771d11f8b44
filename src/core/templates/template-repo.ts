/**
 * The templates table (migration 0022): one row per saved message of a
 * profile. A delete hides the row (`deleted_at`) for the undo window; hidden
 * rows are purged once it passes (lazily, before each write) or as soon as
 * a new template takes the same name.
 */
import type { TemplateView } from '../../shared/dto/templates';
import { templateNameKey } from '../../shared/contract/templates';
import { parseTemplate } from '../../shared/template';
import type { Database } from '../db/open-database';

interface TemplateRow {
  id: string;
  name: string;
  category: string | null;
  text: string;
  sender: string | null;
  sms_type_id: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** What a template holds besides its identity and times. */
export interface TemplateFields {
  name: string;
  category: string | null;
  text: string;
  from: string | null;
  smsTypeId: number | null;
}

/** A template as kept: hidden ones too (`deletedAt` set). */
export type TemplateRecord = TemplateView & { deletedAt: string | null };

/** The merge fields a text uses, each spelling once, in order of first use. */
export function fieldsOf(text: string): TemplateView['fields'] {
  const seen = new Set<string>();
  const fields: TemplateView['fields'] = [];
  for (const part of parseTemplate(text)) {
    if (part.kind !== 'field' || seen.has(`${part.name}|${part.fallback}`)) continue;
    seen.add(`${part.name}|${part.fallback}`);
    fields.push({ name: part.name, key: part.key, fallback: part.fallback });
  }
  return fields;
}

const toRecord = (row: TemplateRow): TemplateRecord => ({
  id: row.id,
  name: row.name,
  category: row.category,
  text: row.text,
  from: row.sender,
  smsTypeId: row.sms_type_id,
  fields: fieldsOf(row.text),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  deletedAt: row.deleted_at,
});

/** The view a channel returns: the record without its hidden state. */
export const viewOf = ({ deletedAt: _, ...view }: TemplateRecord): TemplateView => view;

const COLUMNS = 'id, name, category, text, sender, sms_type_id, created_at, updated_at, deleted_at';

export function createTemplateRepo(db: Database) {
  const s = {
    list: db.prepare<[string], TemplateRow>(
      `SELECT ${COLUMNS} FROM templates WHERE profile = ? AND deleted_at IS NULL ORDER BY name_key`,
    ),
    get: db.prepare<[string, string], TemplateRow>(
      `SELECT ${COLUMNS} FROM templates WHERE profile = ? AND id = ?`,
    ),
    byKey: db.prepare<[string, string], TemplateRow>(
      `SELECT ${COLUMNS} FROM templates WHERE profile = ? AND name_key = ?`,
    ),
    insert: db.prepare(
      `INSERT INTO templates (id, profile, name, name_key, category, text, sender, sms_type_id, created_at, updated_at)
       VALUES (:id, :profile, :name, :nameKey, :category, :text, :from, :smsTypeId, :at, :at)`,
    ),
    update: db.prepare(
      `UPDATE templates SET name = :name, name_key = :nameKey, category = :category, text = :text,
              sender = :from, sms_type_id = :smsTypeId, updated_at = :at
        WHERE profile = :profile AND id = :id AND deleted_at IS NULL`,
    ),
    hide: db.prepare<[string, string, string]>(
      'UPDATE templates SET deleted_at = ? WHERE profile = ? AND id = ? AND deleted_at IS NULL',
    ),
    restore: db.prepare<[string, string]>(
      'UPDATE templates SET deleted_at = NULL WHERE profile = ? AND id = ? AND deleted_at IS NOT NULL',
    ),
    purgeOne: db.prepare<[string, string]>(
      'DELETE FROM templates WHERE profile = ? AND id = ? AND deleted_at IS NOT NULL',
    ),
    purgeBefore: db.prepare<[string]>(
      'DELETE FROM templates WHERE deleted_at IS NOT NULL AND deleted_at <= ?',
    ),
    clearProfile: db.prepare<[string]>('DELETE FROM templates WHERE profile = ?'),
  };
  const params = (profile: string, id: string, fields: TemplateFields, at: string) => ({
    id,
    profile,
    name: fields.name,
    nameKey: templateNameKey(fields.name),
    category: fields.category,
    text: fields.text,
    from: fields.from,
    smsTypeId: fields.smsTypeId,
    at,
  });

  return {
    list: (profile: string): TemplateView[] => s.list.all(profile).map((row) => viewOf(toRecord(row))),
    find(profile: string, id: string): TemplateRecord | null {
      const row = s.get.get(profile, id);
      return row ? toRecord(row) : null;
    },
    /** The template (hidden or not) whose name is this one, whatever its case and accents. */
    byName(profile: string, name: string): TemplateRecord | null {
      const row = s.byKey.get(profile, templateNameKey(name));
      return row ? toRecord(row) : null;
    },
    insert: (profile: string, id: string, fields: TemplateFields, at: string) =>
      s.insert.run(params(profile, id, fields, at)),
    update: (profile: string, id: string, fields: TemplateFields, at: string) =>
      s.update.run(params(profile, id, fields, at)).changes > 0,
    hide: (profile: string, id: string, at: string) => s.hide.run(at, profile, id).changes > 0,
    restore: (profile: string, id: string) => s.restore.run(profile, id).changes > 0,
    /** A hidden template given up for good (its name was taken again). */
    purge: (profile: string, id: string) => s.purgeOne.run(profile, id),
    /** Hidden templates deleted at or before `cutoff` (ISO): their undo has passed. */
    purgeBefore: (cutoff: string) => s.purgeBefore.run(cutoff),
    clearProfile: (profile: string) => s.clearProfile.run(profile),
  };
}

export type TemplateRepo = ReturnType<typeof createTemplateRepo>;
