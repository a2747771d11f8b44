import type { Migration } from './types';

/**
 * Saved segments, per profile: a name (unique whatever its case and
 * accents: `name_key` is it folded), "all" or "any", and the conditions as
 * a JSON array (shared/segments/segment-model.ts). Who a segment takes is
 * never stored: it is worked out from the contacts whenever it is counted
 * or a campaign to it is sent (core/segments/sql/).
 */
export const segments: Migration = {
  version: 27,
  name: 'segments',
  up(db) {
    db.exec(`
      CREATE TABLE segments (
        id         TEXT PRIMARY KEY,
        profile    TEXT NOT NULL,
        name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        name_key   TEXT NOT NULL,
        match      TEXT NOT NULL CHECK (match IN ('all', 'any')),
        conditions TEXT NOT NULL CHECK (json_type(conditions) = 'array'),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (profile, name_key)
      ) STRICT;
    `);
  },
};
