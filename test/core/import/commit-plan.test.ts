import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  commitPlan,
  DEFER_INDEX_ROWS,
  UNORDERED_INDEXES,
  type CommitInput,
} from '@core/import/job/commit-plan';
import { find, numberedRows, openRepo, row } from '../contacts/repo-fixture';

const rows = (count: number) => numberedRows('Cliente', count);

/** A 12,000-row commit cancelled once its first chunk is saved: it must reject, having changed nothing. */
async function cancelledAfterFirstChunk(
  db: ReturnType<typeof openRepo>['db'],
  repo: ReturnType<typeof openRepo>['repo'],
  thresholds: Pick<CommitInput, 'deferIndexFrom' | 'rebuildIndexesFrom'>,
): Promise<void> {
  const controller = new AbortController();
  const commit = commitPlan(db, repo, {
    profile: 'default',
    rows: rows(12_000),
    onDuplicate: 'skip',
    ...thresholds,
    signal: controller.signal,
    onProgress: (done) => {
      if (done > 0) controller.abort();
    },
  });
  await expect(commit).rejects.toThrow();
}

describe("the import's commit and the search index", () => {
  it(`leaves a large import's new contacts to the catch-up (from ${DEFER_INDEX_ROWS} rows)`, async () => {
    const { db, repo } = openRepo();
    const result = await commitPlan(db, repo, {
      profile: 'default',
      rows: rows(30),
      onDuplicate: 'skip',
      deferIndexFrom: 30,
    });
    expect(result.imported).toBe(30);
    expect(repo.searchBehind()).toBe(true);
    expect(find(repo, 'cliente')).toEqual([]);
    expect(repo.indexBacklog()).toBe(30);
    expect(find(repo, 'cliente')).toHaveLength(30);
  });

  it('indexes a smaller one in its own transaction', async () => {
    const { db, repo } = openRepo();
    await commitPlan(db, repo, {
      profile: 'default',
      rows: rows(29),
      onDuplicate: 'skip',
      deferIndexFrom: 30,
    });
    expect(repo.searchBehind()).toBe(false);
    expect(find(repo, 'cliente')).toHaveLength(29);
  });

  it('a cancelled import leaves nothing waiting', async () => {
    const { db, repo } = openRepo();
    await cancelledAfterFirstChunk(db, repo, { deferIndexFrom: 1 });
    expect(repo.searchBehind()).toBe(false);
    expect(repo.search({ profile: 'default', offset: 0, limit: 1 }).total).toBe(0);
  });

  it('saves in phone order, yet a number given twice keeps its first row and contacts keep their names', async () => {
    const { db, repo } = openRepo();
    const input = [
      row('Zeca', '+5511987600009'),
      ...rows(7_000),
      row('Ana Repetida', '+5511987600009'),
      row('Bruno', '+5511911110000'),
    ];
    const result = await commitPlan(db, repo, { profile: 'default', rows: input, onDuplicate: 'update' });
    expect(result).toMatchObject({ imported: 7_001, skipped: 2 });
    expect(find(repo, 'zeca')).toEqual(['Zeca']);
    expect(find(repo, 'ana repetida')).toEqual([]);
    expect(find(repo, 'bruno')).toEqual(['Bruno']);
    expect(find(repo, 'cliente 6999')).toEqual(['Cliente 6999']);
  });
});

describe("a large import and the contacts' name, e-mail and birthday indexes", () => {
  const indexSql = (db: ReturnType<typeof openRepo>['db'], name: string) =>
    db
      .prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?")
      .pluck()
      .get(name);
  const nameIndexSql = (db: ReturnType<typeof openRepo>['db']) => indexSql(db, 'contacts_by_name');
  const schemaOf = (db: ReturnType<typeof openRepo>['db']) =>
    UNORDERED_INDEXES.map((name) => indexSql(db, name));
  const names = (repo: ReturnType<typeof openRepo>['repo'], limit: number) =>
    repo.search({ profile: 'default', offset: 0, limit }).rows.map((c) => c.name);

  it('builds them again after the rows when they outnumber the contacts, exactly as the schema had them', async () => {
    const { db, repo } = openRepo();
    const before = schemaOf(db);
    expect(before.every((sql) => sql !== undefined)).toBe(true);
    const seen: (string | undefined)[][] = [];
    const result = await commitPlan(db, repo, {
      profile: 'default',
      rows: [
        row('Zélia', '+5511900000001', {
          email: 'zelia@exemplo.com.br',
          birthday: { month: 3, day: 9, year: null },
        }),
        ...rows(40),
        row('Álvaro', '+5511999999999', {
          email: 'ALVARO@exemplo.com.br',
          birthday: { month: 12, day: 1, year: 1980 },
        }),
      ],
      onDuplicate: 'skip',
      rebuildIndexesFrom: 40,
      onProgress: () => seen.push(schemaOf(db)),
    });
    expect(result.imported).toBe(42);
    expect(seen[0]).toEqual(UNORDERED_INDEXES.map(() => undefined));
    expect(schemaOf(db)).toEqual(before);
    // Every index holds every row it should (integrity_check compares each index with the table).
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const byEmail = db
      .prepare<[], string>(
        "SELECT name FROM contacts INDEXED BY contacts_by_email WHERE profile = 'default' AND lower(email) = 'alvaro@exemplo.com.br' AND deleted_at IS NULL AND email IS NOT NULL",
      )
      .pluck()
      .all();
    expect(byEmail).toEqual(['Álvaro']);
    // Browsing reads the index: accents folded, Álvaro first and Zélia last.
    expect(names(repo, 42)[0]).toBe('Álvaro');
    expect(names(repo, 42).at(-1)).toBe('Zélia');
  });

  it('keeps it when the table already holds as many contacts', async () => {
    const { db, repo } = openRepo();
    await commitPlan(db, repo, { profile: 'default', rows: numberedRows('Antigo', 40), onDuplicate: 'skip' });
    const seen: (string | undefined)[] = [];
    await commitPlan(db, repo, {
      profile: 'default',
      rows: rows(40),
      onDuplicate: 'skip',
      rebuildIndexesFrom: 40,
      onProgress: () => seen.push(nameIndexSql(db)),
    });
    expect(seen.every((sql) => sql !== undefined)).toBe(true);
    expect(names(repo, 1)).toEqual(['Antigo 0']);
  });

  it('a cancelled import leaves it in place', async () => {
    const { db, repo } = openRepo();
    const before = nameIndexSql(db);
    await cancelledAfterFirstChunk(db, repo, { rebuildIndexesFrom: 1 });
    expect(nameIndexSql(db)).toBe(before);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it("leaves copying the import's pages into the database file to the next commit", async () => {
    const { db, repo } = openRepo();
    const sizeBefore = fs.statSync(db.name).size;
    await commitPlan(db, repo, { profile: 'default', rows: rows(20_000), onDuplicate: 'skip' });
    // Committed (durable in the WAL), not yet copied.
    expect(repo.search({ profile: 'default', offset: 0, limit: 1 }).total).toBe(20_000);
    expect(fs.statSync(db.name).size).toBe(sizeBefore);
    repo.createList('default', 'Depois');
    expect(fs.statSync(db.name).size).toBeGreaterThan(sizeBefore + 1_000_000);
  });
});
