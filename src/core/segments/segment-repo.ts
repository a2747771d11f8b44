import { APP_ERROR_CODES } from '../../shared/app-error';
import type { SegmentCondition, SegmentDefinition, SegmentMatch } from '../../shared/segments/segment-model';
import { cleanName, sortKeyOf } from '../../shared/sort-key';
import { AppFailure } from '../app-failure';
import type { Database } from '../db/open-database';

/** A saved segment as stored (its conditions' labels are the view's). */
export interface SegmentRecord extends SegmentDefinition {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  name: string;
  match: SegmentMatch;
  conditions: string;
  created_at: string;
  updated_at: string;
}

const toRecord = (row: Row): SegmentRecord => ({
  id: row.id,
  name: row.name,
  match: row.match,
  conditions: JSON.parse(row.conditions) as SegmentCondition[],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** "Clientes de Recife" and "clientes de recife" are one name. */
const nameKey = (name: string) => sortKeyOf(name);

const nameTaken = () =>
  new AppFailure(APP_ERROR_CODES.invalidInput, 'A segment already has this name.', {
    fields: [{ field: 'name', message: 'A segment already has this name' }],
    reason: 'name_taken',
  });

export const segmentNotFound = () =>
  new AppFailure(APP_ERROR_CODES.notFound, 'This segment no longer exists.', { params: { what: 'segment' } });

/** The `segments` table (migration 0027): saved segments per profile. */
export function createSegmentRepo(db: Database) {
  const s = {
    all: db.prepare<[string], Row>('SELECT * FROM segments WHERE profile = ? ORDER BY name_key'),
    get: db.prepare<[string, string], Row>('SELECT * FROM segments WHERE profile = ? AND id = ?'),
    byName: db.prepare<[string, string], Row>('SELECT * FROM segments WHERE profile = ? AND name_key = ?'),
    insert: db.prepare(
      `INSERT INTO segments (id, profile, name, name_key, match, conditions, created_at, updated_at)
       VALUES (:id, :profile, :name, :nameKey, :match, :conditions, :at, :at)`,
    ),
    update: db.prepare(
      `UPDATE segments SET name = :name, name_key = :nameKey, match = :match, conditions = :conditions,
              updated_at = :at WHERE profile = :profile AND id = :id`,
    ),
    remove: db.prepare<[string, string]>('DELETE FROM segments WHERE profile = ? AND id = ?'),
    clear: db.prepare<[string]>('DELETE FROM segments WHERE profile = ?'),
  };

  const find = (profile: string, id: string): SegmentRecord => {
    const row = s.get.get(profile, id);
    if (!row) throw segmentNotFound();
    return toRecord(row);
  };

  const freeName = (profile: string, name: string, self: string | null) => {
    const holder = s.byName.get(profile, nameKey(name));
    if (holder && holder.id !== self) throw nameTaken();
  };

  return {
    all: (profile: string): SegmentRecord[] => s.all.all(profile).map(toRecord),
    find,
    findByName: (profile: string, name: string): SegmentRecord | undefined => {
      const row = s.byName.get(profile, nameKey(cleanName(name)));
      return row && toRecord(row);
    },

    insert(profile: string, name: string, definition: SegmentDefinition, at: string): string {
      const id = crypto.randomUUID();
      const clean = cleanName(name);
      db.transaction(() => {
        freeName(profile, clean, null);
        s.insert.run({
          id,
          profile,
          name: clean,
          nameKey: nameKey(clean),
          match: definition.match,
          conditions: JSON.stringify(definition.conditions),
          at,
        });
      }).immediate();
      return id;
    },

    update(
      profile: string,
      id: string,
      patch: Partial<SegmentDefinition> & { name?: string },
      at: string,
    ): void {
      db.transaction(() => {
        const current = find(profile, id);
        const name = patch.name === undefined ? current.name : cleanName(patch.name);
        freeName(profile, name, id);
        s.update.run({
          id,
          profile,
          name,
          nameKey: nameKey(name),
          match: patch.match ?? current.match,
          conditions: JSON.stringify(patch.conditions ?? current.conditions),
          at,
        });
      }).immediate();
    },

    remove(profile: string, id: string): void {
      if (s.remove.run(profile, id).changes === 0) throw segmentNotFound();
    },

    clearProfile: (profile: string) => void s.clear.run(profile),
  };
}

export type SegmentRepo = ReturnType<typeof createSegmentRepo>;
