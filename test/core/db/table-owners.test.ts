/**
 * Tables have owners (core/db/tables.ts): the SQL of every file of
 * src/core is scanned, and a write by anyone but a table's owner, or a read
 * in another domain's SQL that tables.ts does not list, fails here. The
 * check is shown failing on files that break it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLES } from '@core/db/tables';
import { openDatabase } from '@core/db/open-database';
import { tempDir } from '../../support/temp-dir';
import { ownershipProblems, type CoreSource } from './sql-tables';

const CORE = join(import.meta.dirname, '..', '..', '..', 'src', 'core');

/** Every TypeScript file of src/core but the migrations (they create the tables) and tables.ts itself. */
function coreSources(): CoreSource[] {
  return (readdirSync(CORE, { recursive: true }) as string[])
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.ts') && !path.startsWith('db/migrations/') && path !== 'db/tables.ts')
    .map((path) => ({ path, source: readFileSync(join(CORE, path), 'utf8') }));
}

describe('tables have owners', () => {
  it('tables.ts names every table the migrations create, and no other', () => {
    const db = openDatabase(join(tempDir(), 'torpedo.db'));
    try {
      const created = db
        .prepare<[], string>(
          `SELECT name FROM sqlite_master WHERE type = 'table'
             AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'contacts\\_fts\\_%' ESCAPE '\\'`,
        )
        .pluck()
        .all();
      expect(created.sort()).toEqual(Object.keys(TABLES).sort());
    } finally {
      db.close();
    }
  });

  it('each table is written by its owner only, and read elsewhere only where tables.ts says', () => {
    const files = coreSources();
    expect(files.length).toBeGreaterThan(200);
    expect(ownershipProblems(files, TABLES)).toEqual([]);
  });

  it('fails on a file that writes another domain’s table, reads one unlisted, or hides what it writes', () => {
    const broken: CoreSource[] = [
      { path: 'overview/rename.ts', source: "db.prepare('UPDATE campaigns SET name = ? WHERE id = ?');" },
      { path: 'history/forget.ts', source: 'db.prepare(`DELETE FROM contacts WHERE profile = ?`);' },
      { path: 'links/reach.ts', source: 'db.prepare(`SELECT phone FROM opt_outs WHERE profile = ?`);' },
      { path: 'sync/wipe.ts', source: 'db.prepare(`DELETE FROM ${table} WHERE profile = ?`);' },
    ];
    expect(ownershipProblems(broken, TABLES, { complete: false })).toEqual([
      expect.stringContaining('overview/rename.ts writes campaigns, which campaigns owns'),
      expect.stringContaining('history/forget.ts writes contacts, which contacts owns'),
      expect.stringContaining("links/reach.ts reads opt_outs (contacts's) in its own SQL"),
      expect.stringContaining('sync/wipe.ts writes a table it does not name'),
    ]);
    // The owner may; a listed reader may read; words in a comment are not SQL.
    const fine: CoreSource[] = [
      { path: 'campaigns/rename.ts', source: "db.prepare('UPDATE campaigns SET name = ? WHERE id = ?');" },
      { path: 'overview/count.ts', source: "db.prepare('SELECT count(*) FROM opt_outs WHERE profile = ?');" },
      { path: 'history/note.ts', source: '// DELETE FROM contacts is the contacts’ own\nexport {};' },
    ];
    expect(ownershipProblems(fine, TABLES, { complete: false })).toEqual([]);
  });
});
