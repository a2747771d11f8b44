/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
// The sandbox's conformance to the wire facts: short links and their clicks. How it is checked: strict-client.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHORT_LINK_KEYS, CLICK_KEYS } from './spec-facts';
import {
  account,
  expectKeys,
  isInt,
  isStr,
  isIso,
  isNullOr,
  expectError,
  expectPaginated,
  sandboxPerTest,
} from './strict-client';

sandboxPerTest();

describe('short links', () => {
  const expectLink = (l: any) => {
    expectKeys(l, SHORT_LINK_KEYS, 'ShortLink');
    expect(isStr(l.id) && isStr(l.url) && isStr(l.shortUrl)).toBe(true);
    expect(isNullOr(l.title, isStr)).toBe(true);
    expect(typeof l.active).toBe('boolean');
    expect(isInt(l.clicks)).toBe(true);
    expect(isIso(l.created_at)).toBe(true);
  };

  it('create, get, list, clicks, deactivate', async () => {
    const a = await account();
    const created = await a.post('/v1/short-links', { url: 'https://example.com/promo' });
    expect([200, 201]).toContain(created.status);
    expectLink(created.body);
    expect(created.body).toMatchObject({
      url: 'https://example.com/promo',
      title: null,
      active: true,
      clicks: 0,
    });
    const titled = await a.post('/v1/short-links', { url: 'https://example.com/b', title: 'Black Friday' });
    expect(titled.body.title).toBe('Black Friday');
    const id = created.body.id;
    const got = await a.get(`/v1/short-links/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    const list = expectPaginated(await a.get('/v1/short-links?page=1'));
    for (const l of list) expectLink(l);
    expect(list.map((l) => l.id)).toEqual([titled.body.id, id]);

    const visit = await fetch(created.body.shortUrl, { redirect: 'manual' });
    await visit.arrayBuffer();
    const clicks = expectPaginated(await a.get(`/v1/short-links/${id}/clicks?page=1`), CLICK_KEYS);
    expect(clicks).toHaveLength(1);
    expect(isStr(clicks[0].id) && isIso(clicks[0].clicked_at)).toBe(true);
    expect(isNullOr(clicks[0].phone, isStr) && isNullOr(clicks[0].user_agent, isStr)).toBe(true);
    expect((await a.get(`/v1/short-links/${id}`)).body.clicks).toBe(1);

    const deact = await a.post(`/v1/short-links/${id}/deactivate`);
    expect([200, 204]).toContain(deact.status);
    if (deact.status === 200) expectLink(deact.body);
    expect((await a.get(`/v1/short-links/${id}`)).body.active).toBe(false);
  });

  it('422 on url, 404 for unknown or foreign ids', async () => {
    const a = await account();
    const b = await account();
    expectError(await a.post('/v1/short-links', {}), 422, 'validation_error', 'url');
    expectError(await a.post('/v1/short-links', { url: 'nope' }), 422, 'validation_error', 'url');
    expectError(
      await a.post('/v1/short-links', { url: 'https://x.com', title: 5 }),
      422,
      'validation_error',
      'title',
    );
    const id = (await b.post('/v1/short-links', { url: 'https://example.com' })).body.id;
    for (const ref of [randomUUID(), id]) {
      expectError(await a.get(`/v1/short-links/${ref}`), 404, 'not_found');
      expectError(await a.post(`/v1/short-links/${ref}/deactivate`), 404, 'not_found');
      expectError(await a.get(`/v1/short-links/${ref}/clicks?page=1`), 404, 'not_found');
    }
  });
});
