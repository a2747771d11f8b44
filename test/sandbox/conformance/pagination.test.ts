// The sandbox's conformance to the wire facts: pagination (meta and neighbour URLs). How it is checked: strict-client.ts.
import { describe, expect, it } from 'vitest';
import { http, account, expectPaginated, phoneN, sb, sandboxPerTest } from './strict-client';

sandboxPerTest();

describe('pagination', () => {
  it('meta counts pages and its URLs lead to the neighbouring pages with the same filters', async () => {
    const a = await account();
    for (let i = 0; i < 25; i++) {
      const r = await a.post('/v1/contacts/store', { full_name: `Pessoa ${i}`, phone: phoneN(i) });
      expect(r.status).toBe(200);
    }
    const p2 = await a.get('/v1/contacts/list?page=2&perPage=10&search=Pessoa');
    const items = expectPaginated(p2);
    expect(items).toHaveLength(10);
    expect(p2.body.meta).toMatchObject({ total: 25, perPage: 10, currentPage: 2, lastPage: 3, firstPage: 1 });
    // Follow the URLs resolved against the base URL, as a client would.
    const follow = async (u: string) => {
      const abs = new URL(u, `${sb.url}/`);
      return http('GET', abs.pathname + abs.search, { token: a.token });
    };
    const next = await follow(p2.body.meta.nextPageUrl);
    expect(expectPaginated(next)).toHaveLength(5);
    expect(next.body.meta.currentPage).toBe(3);
    expect(next.body.meta.nextPageUrl).toBeNull();
    const prev = await follow(p2.body.meta.previousPageUrl);
    expect(prev.body.meta.currentPage).toBe(1);
    expect(prev.body.meta.previousPageUrl).toBeNull();
    expect((await follow(p2.body.meta.lastPageUrl)).body.meta.currentPage).toBe(3);
    expect((await follow(p2.body.meta.firstPageUrl)).body.meta.currentPage).toBe(1);
  });

  it('an empty collection has lastPage 1 and no neighbour URLs', async () => {
    const a = await account();
    expectPaginated(await a.get('/v1/lists/list?page=1'));
    const m = (await a.get('/v1/lists/list?page=1')).body.meta;
    expect(m).toMatchObject({
      total: 0,
      currentPage: 1,
      lastPage: 1,
      nextPageUrl: null,
      previousPageUrl: null,
    });
  });
});
