import { join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { createContactsRepo, type ContactsRepo } from '@core/contacts/contacts-repo';
import { profileTag } from '@core/contacts/search/search-query';
import type { SearchPage, UpsertRow } from '@core/contacts/types';
import { openDatabase, type Database } from '@core/db/open-database';
import { tempDir } from '../../support/temp-dir';
import { dayNumber, readDateCell } from '@shared/dates/read-date-cell';
import { readNumberCell } from '@shared/numbers/read-number-cell';
import { foldValue } from '@core/contacts/values/value-functions';

export const START = new Date('2024-05-01T12:00:00.000Z');

export interface RepoFixture {
  db: Database;
  repo: ContactsRepo;
  /** Moves the repo's clock forward. */
  advance(ms: number): void;
  now(): Date;
}

/** A contacts repo on a real, migrated SQLite file in a temp folder, with a clock the test moves. */
export function openRepo(options: { undoWindowMs?: number } = {}): RepoFixture {
  const db = openDatabase(join(tempDir(), 'torpedo.db'));
  onTestFinished(() => {
    if (db.open) db.close();
  });
  let now = START;
  const repo = createContactsRepo(db, { now: () => now, ...options });
  return {
    db,
    repo,
    advance: (ms) => void (now = new Date(now.getTime() + ms)),
    now: () => now,
  };
}

export const row = (name: string, phone: string, extra: Partial<UpsertRow> = {}): UpsertRow => ({
  name,
  phone,
  email: null,
  fields: {},
  ...extra,
});

/** `count` contacts named `${prefix} ${n}` with distinct mobiles (+55119876 and n in 5 digits), n from `from`. */
export const numberedRows = (prefix: string, count: number, from = 0): UpsertRow[] =>
  Array.from({ length: count }, (_, i) =>
    row(`${prefix} ${from + i}`, `+55119876${String(from + i).padStart(5, '0')}`),
  );

export const names = (page: SearchPage) => page.rows.map((r) => r.name);

/** Search names in the default profile, first page. */
export const find = (
  repo: ContactsRepo,
  query: string,
  extra: { listId?: string; optedOut?: boolean } = {},
) => names(repo.search({ profile: 'default', query, offset: 0, limit: 200, ...extra }));

/**
 * The search index says exactly what the tables say: every live contact of
 * each profile and no other row, each list's members, the opted-out numbers;
 * and FTS5's own integrity check passes.
 */
export function expectIndexInStep(db: Database): void {
  const fts = (match: string) =>
    db.prepare('SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ? ORDER BY rowid').pluck().all(match);
  const seqs = (sql: string, ...params: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .all(...params);

  const indexed = db.prepare('SELECT count(*) FROM contacts_fts').pluck().get();
  const live = db.prepare('SELECT count(*) FROM contacts WHERE deleted_at IS NULL').pluck().get();
  expect(indexed, 'index rows = live contacts').toBe(live);
  for (const profile of seqs('SELECT DISTINCT profile FROM contacts') as string[]) {
    expect(fts(`tags : "${profileTag(profile)}"`), `profile ${profile}`).toEqual(
      seqs('SELECT seq FROM contacts WHERE profile = ? AND deleted_at IS NULL ORDER BY seq', profile),
    );
  }
  for (const listId of seqs('SELECT id FROM lists') as string[]) {
    expect(fts(`tags : "l${listId.replace(/-/g, '')}"`), `list ${listId}`).toEqual(
      seqs(
        `SELECT c.seq FROM contact_lists cl JOIN contacts c ON c.id = cl.contact_id
         WHERE cl.list_id = ? AND c.deleted_at IS NULL ORDER BY c.seq`,
        listId,
      ),
    );
  }
  expect(fts('tags : "optout"'), 'opted out').toEqual(
    seqs(
      `SELECT c.seq FROM contacts c JOIN opt_outs o ON o.profile = c.profile AND o.phone = c.phone
       WHERE c.deleted_at IS NULL ORDER BY c.seq`,
    ),
  );
  for (const c of db.prepare('SELECT seq, phone FROM contacts WHERE deleted_at IS NULL').all() as {
    seq: number;
    phone: string;
  }[]) {
    expect(fts(`phones : "${c.phone.slice(-8)}"`), `phone of ${c.seq}`).toContain(c.seq);
  }
  db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('integrity-check')").run();
  expectValuesInStep(db);
}

/**
 * The typed values (contact_values) say exactly what the contacts' fields
 * say, computed here in JS from the fields and their types: one row per live
 * contact and non-blank field, and every field a live contact has is typed.
 */
export function expectValuesInStep(db: Database): void {
  const types = new Map(
    (
      db.prepare('SELECT id, profile, key, type FROM contact_fields').all() as {
        id: number;
        profile: string;
        key: string;
        type: string;
      }[]
    ).map((f) => [`${f.profile}/${f.key}`, f]),
  );
  const expected: unknown[] = [];
  for (const c of db.prepare('SELECT seq, profile, fields FROM contacts WHERE deleted_at IS NULL').all() as {
    seq: number;
    profile: string;
    fields: string;
  }[]) {
    for (const [key, value] of Object.entries(JSON.parse(c.fields) as Record<string, string>)) {
      const field = types.get(`${c.profile}/${key}`);
      expect(field, `field ${key} of ${c.profile} is typed`).toBeDefined();
      if (value.trim() === '') continue;
      const number = field!.type === 'number' ? readNumberCell(value) : null;
      const date = field!.type === 'date' ? readDateCell(value) : null;
      expected.push([
        field!.id,
        c.seq,
        foldValue(value),
        number?.ok ? number.value : null,
        date?.ok ? dayNumber(date.date) : null,
        date?.ok ? date.date.month * 100 + date.date.day : null,
      ]);
    }
  }
  const stored = db
    .prepare('SELECT field_id, seq, text_key, number_value, day, month_day FROM contact_values')
    .raw()
    .all();
  const order = (rows: unknown[]) =>
    [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  expect(order(stored), 'typed values = the contacts’ fields').toEqual(order(expected));
}
