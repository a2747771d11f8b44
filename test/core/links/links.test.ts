/**
 * The links channels on the real core against a real sandbox over HTTP:
 * create, list with paging, deactivate, a link's clicks with paging, and
 * everything read again offline from the kept copy.
 */
import { describe, expect, it } from 'vitest';
import { signedIn, useSandbox, value } from '../billing/billing-harness';
import { sandboxAdmin } from '../../support/sandbox-admin';

describe('short links', () => {
  it('creates a link whose short address opens the page and counts the click', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'links');
    const link = value<{
      id: string;
      shortUrl: string;
      url: string;
      title: string | null;
      active: boolean;
      clicks: number;
    }>(
      await c.core.dispatch('links:create', {
        url: 'https://loja.example/promo?dia=sabado',
        title: 'Sábado',
      }),
    );
    expect(link).toMatchObject({
      url: 'https://loja.example/promo?dia=sabado',
      title: 'Sábado',
      active: true,
      clicks: 0,
    });
    expect(link.shortUrl.startsWith(sandbox.url)).toBe(true);

    const opened = await fetch(link.shortUrl, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('https://loja.example/promo?dia=sabado');

    const clicks = value<{
      link: { clicks: number };
      total: number;
      clicks: unknown[];
      series: { clicks: number }[];
    }>(await c.core.dispatch('links:clicks', { id: link.id }));
    expect(clicks.link.clicks).toBe(1);
    expect(clicks.total).toBe(1);
    expect(clicks.series.at(-1)?.clicks).toBe(1);
  });

  it('refuses an address that is not http or https before asking the service', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'links');
    const result = await c.core.dispatch('links:create', { url: 'javascript:alert(1)' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_input');
  });

  it("lists the account's links 20 a page, newest first, and the same pages offline", async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'links');
    for (let i = 0; i < 23; i++) {
      value(await c.core.dispatch('links:create', { url: `https://loja.example/p/${i}` }));
    }
    const first = value<{ links: { url: string }[]; total: number; lastPage: number; stale: boolean }>(
      await c.core.dispatch('links:list', { page: 1 }),
    );
    expect(first).toMatchObject({ total: 23, lastPage: 2, stale: false });
    expect(first.links).toHaveLength(20);
    expect(first.links[0]!.url).toBe('https://loja.example/p/22');
    const second = value<{ links: { url: string }[] }>(await c.core.dispatch('links:list', { page: 2 }));
    expect(second.links.map((l) => l.url)).toEqual([
      'https://loja.example/p/2',
      'https://loja.example/p/1',
      'https://loja.example/p/0',
    ]);

    await sandbox.faults([{ route: '*', fault: 'drop-before-commit' }]);
    const offline = value<{ links: { url: string }[]; total: number; stale: boolean }>(
      await c.core.dispatch('links:list', { page: 2 }),
    );
    expect(offline.stale).toBe(true);
    expect(offline.total).toBe(23);
    expect(offline.links.map((l) => l.url)).toEqual(second.links.map((l) => l.url));
  });

  it('deactivates a link: its short address stops opening the page', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'links');
    const link = value<{ id: string; shortUrl: string }>(
      await c.core.dispatch('links:create', { url: 'https://loja.example/fim' }),
    );
    const off = value<{ active: boolean }>(await c.core.dispatch('links:deactivate', { id: link.id }));
    expect(off.active).toBe(false);
    expect((await fetch(link.shortUrl, { redirect: 'manual' })).status).toBe(404);
    const listed = value<{ links: { id: string; active: boolean }[] }>(
      await c.core.dispatch('links:list', { page: 1 }),
    );
    expect(listed.links.find((l) => l.id === link.id)?.active).toBe(false);
  });

  it('reads every click page by page, keeps each once, and shows them offline', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'links');
    const link = value<{ id: string }>(
      await c.core.dispatch('links:create', { url: 'https://loja.example/x' }),
    );
    await sandboxAdmin(sandbox.url).clicks(c.key, { linkId: link.id }, 45);

    const page1 = value<{ total: number; clicks: unknown[]; lastPage: number; link: { clicks: number } }>(
      await c.core.dispatch('links:clicks', { id: link.id }),
    );
    expect(page1).toMatchObject({ total: 45, lastPage: 3, link: { clicks: 45 } });
    expect(page1.clicks).toHaveLength(20);
    // Read again: nothing counted twice.
    await sandboxAdmin(sandbox.url).clicks(c.key, { linkId: link.id }, 2);
    const page3 = value<{ total: number; clicks: unknown[] }>(
      await c.core.dispatch('links:clicks', { id: link.id, page: 3 }),
    );
    expect(page3.total).toBe(47);
    expect(page3.clicks).toHaveLength(7);

    await sandbox.faults([{ route: '*', fault: 'drop-before-commit' }]);
    const offline = value<{ total: number; stale: boolean; series: { clicks: number }[] }>(
      await c.core.dispatch('links:clicks', { id: link.id }),
    );
    expect(offline).toMatchObject({ total: 47, stale: true });
    expect(offline.series.at(-1)?.clicks).toBe(47);
  });
});
