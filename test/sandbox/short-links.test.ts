import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { paginated, shortLink, shortLinkClick } from '@core/api/wire-schemas';
import { call, login, useSandbox } from '../support/sandbox-http';

const sandbox = useSandbox();

describe('sandbox short links', () => {
  it('creates a link whose shortUrl points at the sandbox', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.shortLinks, {
      url: 'https://loja.example.test/promo?x=1',
      title: 'Promo',
    });
    expect(res.status).toBe(200);
    const link = shortLink.parse(res.body);
    expect(link).toMatchObject({
      url: 'https://loja.example.test/promo?x=1',
      title: 'Promo',
      active: true,
      clicks: 0,
    });
    expect(link.shortUrl).toMatch(new RegExp(`^${sandbox().url}/s/[A-Za-z0-9]{7}$`));
    expect((await c.get(PATHS.shortLink(link.id))).body).toEqual(link);
  });

  it('records a click and redirects with 302, then stops after deactivation', async () => {
    const c = await login(sandbox());
    const link = (await c.post(PATHS.shortLinks, { url: 'https://loja.example.test/a' })).body;
    const path = new URL(link.shortUrl).pathname;
    const hit = await fetch(link.shortUrl, {
      redirect: 'manual',
      headers: { 'User-Agent': 'TestPhone/1.0' },
    });
    expect(hit.status).toBe(302);
    expect(hit.headers.get('location')).toBe('https://loja.example.test/a');
    await hit.arrayBuffer();

    expect((await c.get(PATHS.shortLink(link.id))).body.clicks).toBe(1);
    const clicks = paginated(shortLinkClick).parse(
      (await c.get(`${PATHS.shortLinkClicks(link.id)}?page=1`)).body,
    );
    expect(clicks.meta.total).toBe(1);
    expect(clicks.data[0]).toMatchObject({ phone: null, user_agent: 'TestPhone/1.0' });

    const off = await c.post(PATHS.shortLinkDeactivate(link.id));
    expect(off.body).toMatchObject({ id: link.id, active: false, clicks: 1 });
    const gone = await call(sandbox().url, 'GET', path);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_found');
    expect((await c.get(PATHS.shortLink(link.id))).body.clicks).toBe(1);
  });

  it('lists links newest first and answers 404 for unknown ids and codes', async () => {
    const c = await login(sandbox());
    for (const n of [1, 2, 3]) await c.post(PATHS.shortLinks, { url: `https://loja.example.test/${n}` });
    const list = paginated(shortLink).parse((await c.get(`${PATHS.shortLinks}?page=1`)).body);
    expect(list.data.map((l) => l.url)).toEqual([3, 2, 1].map((n) => `https://loja.example.test/${n}`));
    expect((await c.get(PATHS.shortLink('nope'))).status).toBe(404);
    expect((await c.post(PATHS.shortLinkDeactivate('nope'))).status).toBe(404);
    expect((await c.get(PATHS.shortLinkClicks('nope'))).status).toBe(404);
    expect((await call(sandbox().url, 'GET', '/s/zzzzzzz')).status).toBe(404);
  });

  it('refuses a URL that is not http(s)', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.shortLinks, { url: 'javascript:alert(1)' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('url');
  });
});
