import type { Database } from '../../db/open-database';
import { birthdayNumber, birthdayOf } from '../../../shared/birthday';
import type { PlannedRows, StoredContact } from './planned-rows';

/** The temporary tables' page cache, in KiB. */
const TEMP_CACHE_KIB = 4 * 1024;

/** Rows per INSERT while staging: bound parameters, no JSON (seven per row, below SQLite's 32,766). */
const ROWS_PER_INSERT = 100;

/**
 * The valid rows of a plan too large for memory (a million rows was some
 * 600 MB as objects), in temporary tables of the import's own connection:
 * SQLite keeps them in a file of its own, deleted when the connection
 * closes (or the process dies), behind a page cache of a few MB. As the
 * file streams past, its rows are appended to `import_rows`; `seal` copies
 * them, sorted by phone and marked when the contact exists, into
 * `import_sorted` (SQLite's sort spills to disk as it needs).
 */
export class SqliteRows implements PlannedRows {
  private readonly s;
  private pending: StoredContact[] = [];
  private sealed = false;
  private changesIndexed = false;

  constructor(private readonly db: Database) {
    // Written and read in order, and sorted by SQLite's own sorter: a small cache does (the default is 16 MB).
    db.pragma(`temp.cache_size = -${TEMP_CACHE_KIB}`);
    db.exec(`
      DROP TABLE IF EXISTS temp.import_rows;
      DROP TABLE IF EXISTS temp.import_sorted;
      CREATE TEMP TABLE import_rows (
        phone TEXT NOT NULL, line INTEGER NOT NULL, name TEXT NOT NULL, email TEXT, fields TEXT NOT NULL,
        birth_md INTEGER, birth_year INTEGER
      );
      CREATE TEMP TABLE import_sorted (
        phone    TEXT NOT NULL,
        line     INTEGER NOT NULL,
        name     TEXT NOT NULL,
        email    TEXT,
        fields   TEXT NOT NULL,
        birth_md INTEGER,
        birth_year INTEGER,
        existing INTEGER NOT NULL,
        changes  INTEGER NOT NULL DEFAULT 0
      );
    `);
    const values = (n: number) => Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
    this.s = {
      addMany: db.prepare(`INSERT INTO temp.import_rows VALUES ${values(ROWS_PER_INSERT)}`),
      addOne: db.prepare(`INSERT INTO temp.import_rows VALUES ${values(1)}`),
      anyContact: db
        .prepare<[string], number>(
          'SELECT EXISTS (SELECT 1 FROM main.contacts WHERE profile = ? AND deleted_at IS NULL)',
        )
        .pluck(),
      seal: db.prepare<[string]>(
        `INSERT INTO temp.import_sorted (phone, line, name, email, fields, birth_md, birth_year, existing)
         SELECT r.phone, r.line, r.name, r.email, r.fields, r.birth_md, r.birth_year,
           EXISTS (SELECT 1 FROM main.contacts c WHERE c.profile = ? AND c.phone = r.phone AND c.deleted_at IS NULL)
         FROM temp.import_rows r ORDER BY r.phone`,
      ),
      // A first import into an empty book (the usual large one) asks no question per row.
      sealNew: db.prepare(
        `INSERT INTO temp.import_sorted (phone, line, name, email, fields, birth_md, birth_year, existing)
         SELECT phone, line, name, email, fields, birth_md, birth_year, 0 FROM temp.import_rows ORDER BY phone`,
      ),
      count: db.prepare<[], number>('SELECT count(*) FROM temp.import_sorted').pluck(),
      existingCount: db.prepare<[], number>('SELECT count(*) FROM temp.import_sorted WHERE existing').pluck(),
      changesCount: db.prepare<[], number>('SELECT count(*) FROM temp.import_sorted WHERE changes').pluck(),
      anyOptOut: db
        .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM main.opt_outs WHERE profile = ?)')
        .pluck(),
      optedOut: db
        .prepare<[string], number>(
          `SELECT count(*) FROM temp.import_sorted r
           WHERE EXISTS (SELECT 1 FROM main.opt_outs o WHERE o.profile = ? AND o.phone = r.phone)`,
        )
        .pluck(),
      page: db.prepare<[number, number], StagedDbRow>(
        `SELECT rowid AS id, phone, line, name, email, fields, birth_md, birth_year FROM temp.import_sorted
         WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      ),
      existingPage: db.prepare<[number, number], StagedDbRow>(
        `SELECT rowid AS id, phone, line, name, email, fields, birth_md, birth_year FROM temp.import_sorted
         WHERE existing AND rowid > ? ORDER BY rowid LIMIT ?`,
      ),
      markChanges: db.prepare<[string]>(
        'UPDATE temp.import_sorted SET changes = 1 WHERE rowid IN (SELECT value FROM json_each(?))',
      ),
      changesPage: db.prepare<[number, number], StagedDbRow>(
        `SELECT rowid AS id, phone, line, name, email, fields, birth_md, birth_year FROM temp.import_sorted
         WHERE changes ORDER BY line LIMIT ? OFFSET ?`,
      ),
      phones: db.prepare<[], string>('SELECT phone FROM temp.import_sorted').pluck(),
    };
  }

  add(row: StoredContact): void {
    this.pending.push(row);
    if (this.pending.length === ROWS_PER_INSERT) this.flush();
  }

  /** Sorts the rows by phone and marks the profile's existing contacts, in SQLite; the unsorted copy goes. */
  seal(profile: string): void {
    this.flush();
    if (this.s.anyContact.get(profile) === 1) this.s.seal.run(profile);
    else this.s.sealNew.run();
    this.db.exec('DROP TABLE temp.import_rows');
    this.sealed = true;
  }

  get count(): number {
    return this.s.count.get()!;
  }

  get existing(): number {
    return this.s.existingCount.get()!;
  }

  get changes(): number {
    return this.s.changesCount.get()!;
  }

  optedOut(profile: string): number {
    return this.s.anyOptOut.get(profile) === 1 ? this.s.optedOut.get(profile)! : 0;
  }

  *chunks(size: number, onlyExisting = false): Generator<StoredContact[]> {
    this.assertSealed();
    const page = onlyExisting ? this.s.existingPage : this.s.page;
    for (let after = 0; ;) {
      const rows = page.all(after, size);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      yield rows.map(toChange);
    }
  }

  markChanges(ids: readonly number[]): void {
    if (ids.length > 0) this.s.markChanges.run(JSON.stringify(ids));
  }

  changesPage(offset: number, limit: number): StoredContact[] {
    if (!this.changesIndexed) {
      // Marked once, read a page at a time: the marked rows in the file's order without reading them all.
      this.db.exec('CREATE INDEX temp.import_sorted_changes ON import_sorted (line) WHERE changes');
      this.changesIndexed = true;
    }
    return this.s.changesPage.all(limit, offset).map(toChange);
  }

  phones(): string[] {
    return this.s.phones.all();
  }

  clear(): void {
    this.db.exec('DELETE FROM temp.import_sorted');
  }

  private flush(): void {
    const rows = this.pending;
    if (rows.length === 0) return;
    this.pending = [];
    const args = (r: StoredContact) => [
      r.phone,
      r.line,
      r.name,
      r.email,
      JSON.stringify(r.fields),
      r.birthday ? birthdayNumber(r.birthday) : null,
      r.birthday?.year ?? null,
    ];
    if (rows.length === ROWS_PER_INSERT) this.s.addMany.run(rows.flatMap(args));
    else for (const row of rows) this.s.addOne.run(args(row));
  }

  private assertSealed(): void {
    if (!this.sealed) throw new Error('The staged rows are read once they are all staged (seal).');
  }
}

type StagedDbRow = {
  id: number;
  phone: string;
  line: number;
  name: string;
  email: string | null;
  fields: string;
  birth_md: number | null;
  birth_year: number | null;
};

/** '{}' is most rows' fields: no parse for it. */
const toChange = (r: StagedDbRow): StoredContact => ({
  id: r.id,
  line: r.line,
  phone: r.phone,
  name: r.name,
  email: r.email,
  fields: r.fields === '{}' ? {} : (JSON.parse(r.fields) as Record<string, string>),
  birthday: birthdayOf(r.birth_md, r.birth_year),
});
