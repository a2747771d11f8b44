import type { Migration } from './types';

/**
 * Automations (birthday and recurring sends) and what each occurrence did.
 *
 * - `automations`: one row per automation of a profile. `rule`, `audience`
 *   are JSON in the contract's shapes (src/shared/contract/automations.ts),
 *   read back through its schemas. `text` is the template's text as last
 *   taken (a deleted template never silences a birthday). `active_since`:
 *   the instant it was created or last resumed; nothing due before it is
 *   sent. `planned_through`: the last date whose occurrence was worked out
 *   (handed over or skipped). A deleted automation keeps its row
 *   (`deleted_at`) so its greetings keep counting for the year.
 * - `automation_occurrences`: one row per automation and date once the
 *   occurrence is prepared (`waiting`), handed over (`handed_over`: its
 *   messages are in the campaigns' outbox, `campaign_id`) or skipped;
 *   `recipients` is how many it went (or would have gone) to. One handed
 *   over and then not sent at all (cancelled when its day ended) is
 *   skipped and keeps its campaign, which says why.
 * - `automation_recipients`: who an occurrence is for and what became of
 *   each: `waiting`, `handed_over`, or `skipped` with a reason. `once_key`
 *   says what a greeting counts against: `birthday:<year>` for every
 *   birthday automation of the profile, `<automation>:<date>` for a
 *   recurring one. The partial unique index is the guarantee that a contact
 *   is greeted at most once per birthday per year (and once per recurring
 *   occurrence), whatever restarts, crashes or edits happen: the hand-over
 *   writes these rows and the outbox in one transaction.
 */
export const automations: Migration = {
  version: 23,
  name: 'automations',
  up(db) {
    db.exec(`
      CREATE TABLE automations (
        id              TEXT PRIMARY KEY,
        profile         TEXT NOT NULL,
        name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        name_key        TEXT NOT NULL,
        kind            TEXT NOT NULL CHECK (kind IN ('birthday', 'recurring')),
        status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
        template_id     TEXT,
        template_name   TEXT,
        text            TEXT NOT NULL DEFAULT '',
        audience        TEXT NOT NULL CHECK (json_type(audience) = 'object'),
        rule            TEXT NOT NULL CHECK (json_type(rule) = 'object'),
        active_since    TEXT NOT NULL,
        planned_through TEXT,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL,
        deleted_at      TEXT
      ) STRICT;
      CREATE UNIQUE INDEX automations_name ON automations (profile, name_key) WHERE deleted_at IS NULL;

      CREATE TABLE automation_occurrences (
        automation_id TEXT NOT NULL REFERENCES automations (id) ON DELETE CASCADE,
        date          TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        at            TEXT NOT NULL,
        state         TEXT NOT NULL CHECK (state IN ('waiting', 'handed_over', 'skipped')),
        reason        TEXT,
        campaign_id   TEXT,
        handed_at     TEXT,
        recipients    INTEGER NOT NULL DEFAULT 0 CHECK (recipients >= 0),
        PRIMARY KEY (automation_id, date),
        CHECK (state != 'handed_over' OR campaign_id IS NOT NULL)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX automation_occurrences_campaign ON automation_occurrences (campaign_id)
        WHERE campaign_id IS NOT NULL;

      CREATE TABLE automation_recipients (
        automation_id TEXT NOT NULL,
        date          TEXT NOT NULL,
        contact_id    TEXT NOT NULL,
        profile       TEXT NOT NULL,
        name          TEXT NOT NULL,
        phone         TEXT NOT NULL,
        once_key      TEXT NOT NULL,
        outcome       TEXT NOT NULL CHECK (outcome IN ('waiting', 'handed_over', 'skipped')),
        reason        TEXT,
        PRIMARY KEY (automation_id, date, contact_id),
        FOREIGN KEY (automation_id, date) REFERENCES automation_occurrences (automation_id, date)
          ON DELETE CASCADE,
        CHECK ((outcome = 'skipped') = (reason IS NOT NULL))
      ) STRICT, WITHOUT ROWID;
      CREATE UNIQUE INDEX automation_recipients_once ON automation_recipients (profile, contact_id, once_key)
        WHERE outcome = 'handed_over';
    `);
  },
};
