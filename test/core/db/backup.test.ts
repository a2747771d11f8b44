import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backUpDatabase, listBackups, restoreBackup } from '@core/db/backup';
import { openConnection } from '@core/db/open-database';
import { tempDir } from '../../support/temp-dir';

function shopDb(dir: string) {
  const db = openConnection(join(dir, 'torpedo.db'));
  db.exec("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Maria')");
  return db;
}

describe('backups before a data update (SQLite online backup)', () => {
  it('keeps one per schema version, the newest three, named by version', async () => {
    const dir = tempDir();
    const backups = join(dir, 'backups');
    const db = shopDb(dir);
    for (const version of [14, 15, 16, 17]) await backUpDatabase(db, backups, version);
    db.exec("INSERT INTO contacts VALUES ('João')");
    // The same version again (a retried update) replaces its copy with the newer data.
    await backUpDatabase(db, backups, 17);
    db.close();

    expect(readdirSync(backups).sort()).toEqual([
      'torpedo-schema-15.db',
      'torpedo-schema-16.db',
      'torpedo-schema-17.db',
    ]);
    expect((await listBackups(backups)).map((b) => b.schemaVersion)).toEqual([17, 16, 15]);
    const copy = new Sqlite(join(backups, 'torpedo-schema-17.db'), { readonly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM contacts').get()).toEqual({ n: 2 });
    copy.close();
  });

  it('copies what is still in the WAL, and puts a backup back over a changed file', async () => {
    const dir = tempDir();
    const db = shopDb(dir);
    // Written to the WAL, not yet to the main file: the online backup still sees it.
    db.exec("INSERT INTO contacts VALUES ('Ana')");
    const backup = await backUpDatabase(db, join(dir, 'backups'), 3);
    db.exec('DELETE FROM contacts; CREATE TABLE half_done (x)');
    db.close();

    await restoreBackup(join(dir, 'backups', backup.name), join(dir, 'torpedo.db'));
    const back = openConnection(join(dir, 'torpedo.db'));
    expect(back.prepare('SELECT name FROM contacts ORDER BY name').all()).toEqual([
      { name: 'Ana' },
      { name: 'Maria' },
    ]);
    expect(back.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    back.close();
  });
});
