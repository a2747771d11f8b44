/**
 * What a condition may name, for one profile: the built-in fields, the
 * contacts' own columns with their types (the contacts domain's), and the
 * lists and campaigns a condition's value names (a campaign by a read of
 * the campaigns' table: core/db/tables.ts lists it).
 */
import type { SegmentFieldView } from '../../shared/dto/segments';
import type { FieldType } from '../../shared/field-types';
import type { NamedField } from '../../shared/segments/condition-text';
import { BUILTIN_FIELDS, BUILTIN_KINDS, BUILTIN_NAMES } from '../../shared/segments/segment-model';
import { foldText } from '../../shared/sort-key';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { Database } from '../db/open-database';

export interface CampaignRef {
  id: string;
  name: string;
}

export function createSegmentCatalog(db: Database, contacts: ContactsRepo) {
  const campaigns = db.prepare<[string], CampaignRef & { queued_at: string | null }>(
    `SELECT id, name, queued_at FROM campaigns WHERE profile = ?
      ORDER BY queued_at IS NULL, queued_at DESC, created_at DESC`,
  );
  const campaign = db.prepare<[string, string], CampaignRef>(
    'SELECT id, name FROM campaigns WHERE profile = ? AND id = ?',
  );

  const columns = (profile: string): Map<string, FieldType> =>
    new Map(contacts.fieldTypes(profile).map((f) => [f.key, f.type]));

  return {
    /** The built-ins (named in `language`), then the contacts' own columns by key. */
    fields(profile: string, language: 'pt-BR' | 'en'): SegmentFieldView[] {
      const names = BUILTIN_NAMES[language];
      return [
        ...BUILTIN_FIELDS.map((field) => ({ field, kind: BUILTIN_KINDS[field], name: names[field] })),
        ...contacts.fieldTypes(profile).map((f) => ({ field: f.key, kind: f.type, name: f.key })),
      ];
    },

    /** Every name a condition's text may use for a field: both languages' built-ins, then the columns. */
    named(profile: string): Map<string, NamedField> {
      const named = new Map<string, NamedField>();
      for (const f of contacts.fieldTypes(profile)) named.set(f.key, { field: f.key, kind: f.type });
      // A built-in's name wins over a column that happens to share it ("uf" is the number's state).
      for (const language of ['en', 'pt-BR'] as const) {
        for (const field of BUILTIN_FIELDS)
          named.set(BUILTIN_NAMES[language][field], { field, kind: BUILTIN_KINDS[field] });
      }
      return named;
    },

    columnTypes: columns,
    list: (profile: string, id: string) => contacts.getList(profile, id),
    listByName: (profile: string, name: string) => contacts.findListByName(profile, name),
    campaign: (profile: string, id: string): CampaignRef | undefined => campaign.get(profile, id),
    /** The campaign of that name (case and accents aside): the last one sent, else the newest. */
    campaignByName(profile: string, name: string): CampaignRef | undefined {
      const wanted = foldText(name.trim());
      const found = campaigns.all(profile).find((c) => foldText(c.name.trim()) === wanted);
      return found && { id: found.id, name: found.name };
    },
  };
}

export type SegmentCatalog = ReturnType<typeof createSegmentCatalog>;
