/**
 * Short links (ASSUMED paths, from wire.ts): create, list (newest first), get,
 * deactivate, clicks (newest first). `GET /s/<code>` is the public side: it
 * records a click, sends a `link.click` event and redirects (302) while the
 * link is active; otherwise 404.
 */
import { randomUUID } from 'node:crypto';
import { PATHS } from '../../core/api/wire';
import { shortLinkInput, type ShortLink, type ShortLinkClick } from '../../core/api/wire-schemas';
import type { Account } from '../state/account';
import { notFound, ok } from '../http/http-io';
import type { ClickRecord, ShortLinkRecord } from '../state/model';
import { paginate, readPaging } from '../http/pagination';
import { patternOf, type Router } from '../http/router';
import { parseWith } from '../http/validate';
import { SHORT_LINK_PREFIX, type World } from '../world';
import { makeShortLink } from '../simulation/short-links';

const iso = (t: number) => new Date(t).toISOString();

function findLink(account: Account, id: string): ShortLinkRecord {
  const link = account.shortLinks.get(id);
  if (!link) throw notFound('Short link');
  return link;
}

const clickOf = (c: ClickRecord): ShortLinkClick => ({
  id: c.id,
  clicked_at: iso(c.clickedAt),
  phone: c.phone,
  user_agent: c.userAgent,
});

export function registerShortLinks(router: Router, world: World): void {
  const linkOf = (l: ShortLinkRecord): ShortLink => ({
    id: l.id,
    url: l.url,
    shortUrl: world.shortUrl(l),
    title: l.title,
    active: l.active,
    clicks: l.clicks.length,
    created_at: iso(l.createdAt),
  });

  router.authed('GET', PATHS.shortLinks, (ctx) => {
    const paging = readPaging(ctx.query);
    return ok(paginate([...ctx.account.shortLinks.values()], paging, ctx.path, ctx.query, linkOf, true));
  });

  router.authed('POST', PATHS.shortLinks, (ctx) => {
    const input = parseWith(shortLinkInput, ctx.body);
    const link = makeShortLink(world.state, ctx.account, {
      url: input.url,
      title: input.title ?? null,
      createdAt: world.clock.now(),
    });
    return ok(linkOf(link));
  });

  router.authed('GET', patternOf(PATHS.shortLink), (ctx) =>
    ok(linkOf(findLink(ctx.account, ctx.params.id!))),
  );

  router.authed('POST', patternOf(PATHS.shortLinkDeactivate), (ctx) => {
    const link = findLink(ctx.account, ctx.params.id!);
    link.active = false;
    return ok(linkOf(link));
  });

  router.authed('GET', patternOf(PATHS.shortLinkClicks), (ctx) => {
    const link = findLink(ctx.account, ctx.params.id!);
    return ok(paginate(link.clicks, readPaging(ctx.query), ctx.path, ctx.query, clickOf, true));
  });

  router.open(
    'GET',
    `${SHORT_LINK_PREFIX}{code}`,
    (ctx) => {
      const found = world.state.resolveShortCode(ctx.params.code!);
      const link = found?.account.shortLinks.get(found.linkId);
      if (!found || !link || !link.active) throw notFound('Short link');
      const ua = ctx.headers['user-agent'];
      const click: ClickRecord = {
        id: randomUUID(),
        clickedAt: world.clock.now(),
        phone: null,
        userAgent: typeof ua === 'string' ? ua : null,
      };
      world.recordClick(found.account, link, click);
      return { status: 302, headers: { Location: link.url } };
    },
    true,
  );
}
