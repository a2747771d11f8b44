import { describe, expect, it } from 'vitest';
import { ImportWorkerClient } from '@core/import/worker/worker-client';
import { SearchCatchUp } from '@core/contacts/search/search-catch-up';
import { find, numberedRows, openRepo } from './repo-fixture';

/** A repo with `count` imported contacts waiting for the index, and a catch-up that counts its threads. */
function setUp(count: number, worker?: () => Pick<ImportWorkerClient, 'request' | 'terminate'>) {
  const { repo, db } = openRepo();
  repo.upsertMany('default', numberedRows('Lote', count), 'skip', undefined, { deferIndex: true });
  const threads: string[] = [];
  const failures: unknown[] = [];
  const catchUp = new SearchCatchUp({
    repo,
    dbFile: db.name,
    startWorker: () => {
      threads.push('started');
      return worker?.() ?? new ImportWorkerClient(() => undefined);
    },
    onWorkerFailure: (error) => failures.push(error),
  });
  return { repo, catchUp, threads, failures };
}

describe('search waits for the catch-up of a large import', () => {
  it('indexes the waiting contacts in a worker thread; waits that overlap share it', async () => {
    const { repo, catchUp, threads, failures } = setUp(300);
    expect(find(repo, 'lote')).toEqual([]);
    await Promise.all([catchUp.ready(), catchUp.ready(), catchUp.ready()]);
    expect(threads).toEqual(['started']);
    expect(failures).toEqual([]);
    expect(repo.searchBehind()).toBe(false);
    expect(find(repo, 'lote')).toHaveLength(200);
    expect(repo.search({ profile: 'default', query: 'lote', offset: 0, limit: 1 }).total).toBe(300);
  });

  it('with nothing waiting, answers at once and starts no thread', async () => {
    const { catchUp, threads } = setUp(0);
    await catchUp.ready();
    expect(threads).toEqual([]);
  });

  it("runs in the import's own thread when given one, and in its own if that thread is gone", async () => {
    const first = setUp(10);
    let askedThere = 0;
    first.catchUp.start(async () => {
      askedThere++;
      return first.repo.indexBacklog();
    });
    await first.catchUp.ready();
    expect([askedThere, first.threads.length]).toEqual([1, 0]);
    expect(find(first.repo, 'lote')).toHaveLength(10);

    const closed = setUp(10);
    closed.catchUp.start(() => Promise.reject(new Error('The import was closed.')));
    await closed.catchUp.ready();
    expect(closed.threads).toEqual(['started']);
    expect(find(closed.repo, 'lote')).toHaveLength(10);
  });

  it('when no thread can do it, does it here and says why, rather than search missing contacts', async () => {
    const broken = () => ({
      request: () => Promise.reject(new Error('The import worker failed.')),
      terminate: async () => undefined,
    });
    const { repo, catchUp, failures } = setUp(10, broken as never);
    await catchUp.ready();
    expect(failures.map((e) => (e as Error).message)).toEqual(['The import worker failed.']);
    expect(repo.searchBehind()).toBe(false);
    expect(find(repo, 'lote')).toHaveLength(10);
  });

  it('closing lets a catch-up in flight finish, and starts none after', async () => {
    const { repo, catchUp } = setUp(50);
    catchUp.start();
    await catchUp.close();
    expect(repo.searchBehind()).toBe(false);

    const late = setUp(50);
    await late.catchUp.close();
    late.catchUp.start();
    await late.catchUp.ready();
    expect(late.threads).toEqual([]);
    // Left for the next start of the app: the backlog is in the database.
    expect(late.repo.searchBehind()).toBe(true);
  });
});
