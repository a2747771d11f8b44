import { describe, expect, it } from 'vitest';
import { commitPlan, DEFER_INDEX_ROWS } from '../../../../src/core/contacts/importer/commit-plan';
import { find, numberedRows, openRepo, row } from '../repo-fixture';

const rows = (count: number) => numberedRows('Cliente', count);

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
    await commitPlan(db, repo, { profile: 'default', rows: rows(29), onDuplicate: 'skip', deferIndexFrom: 30 });
    expect(repo.searchBehind()).toBe(false);
    expect(find(repo, 'cliente')).toHaveLength(29);
  });

  it('a cancelled import leaves nothing waiting', async () => {
    const { db, repo } = openRepo();
    const controller = new AbortController();
    const commit = commitPlan(db, repo, {
      profile: 'default',
      rows: rows(12_000),
      onDuplicate: 'skip',
      deferIndexFrom: 1,
      signal: controller.signal,
      onProgress: (done) => {
        if (done > 0) controller.abort();
      },
    });
    await expect(commit).rejects.toThrow();
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
