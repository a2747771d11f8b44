/** The migrations run once, in order, even when two server processes start together. */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../src/server/db/migrations';
import { defaultWorkspace } from '../../../src/server/db/workspaces';
import { usePostgres } from '../support/postgres';

const pg = usePostgres();

describe('migrate', () => {
  it('numbers the migrations 1, 2, 3... in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('two pools migrating the same empty database at once apply each migration once; one first workspace', async () => {
    const url = await pg.newDatabase();
    const [a, b] = [pg.poolOf(url), pg.poolOf(url)];
    const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
    expect([...ranA, ...ranB].sort()).toEqual(MIGRATIONS.map((m) => m.version));
    const rows = (await a.query('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    const [wa, wb] = await Promise.all([defaultWorkspace(a), defaultWorkspace(b)]);
    expect(wa).toBe(wb);
    expect((await a.query('SELECT count(*)::int AS n FROM workspaces')).rows[0].n).toBe(1);
  });

  it('a migration that fails leaves nothing of itself and is not recorded', async () => {
    const pool = await pg.newPool();
    const broken = [
      ...MIGRATIONS,
      { version: 99, name: 'broken', sql: 'CREATE TABLE half (x int); SELECT nope;' },
    ];
    await expect(migrate(pool, { migrations: broken })).rejects.toThrow();
    expect((await pool.query("SELECT to_regclass('half') AS t")).rows[0].t).toBeNull();
    expect((await pool.query('SELECT max(version) AS v FROM schema_migrations')).rows[0].v).toBe(
      MIGRATIONS.length,
    );
  });
});
