/**
 * The Links page's operations: the account's links a page at a time, one
 * link's clicks, create and deactivate. Reads go to the service and are
 * kept; when it cannot be reached, the kept copy answers, marked stale.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { LinkClicksView, ShortLinksPageView, ShortLinkView } from '../../shared/dto/links';
import type { ShortLinkInput } from '../api/wire-schemas';
import { AppFailure } from '../app-failure';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import { isUnreachable, type BoundAccount } from '../account/account-module';
import { readLinkAndClicks } from './click-reader';
import { clickSeries } from './click-series';
import type { LinkRepo } from './link-repo';

/** The service's page size for short links and clicks (its default: we never ask for another). */
export const LINKS_PER_PAGE = 20;
const LIST_KEY = 'links:list';

const notFoundLink = () =>
  new AppFailure(
    APP_ERROR_CODES.notFound,
    'This short link is not known here (or belongs to another account).',
  );

export function createLinkService(repo: LinkRepo, cache: ServiceCacheRepo, now: () => Date) {
  const at = () => now().toISOString();

  function stored(profile: string, id: string): ShortLinkView {
    const view = repo.get(profile, id);
    if (!view) throw notFoundLink();
    return view;
  }

  function keptPage(profile: string, page: number): ShortLinksPageView {
    const total = repo.count(profile);
    const kept = cache.get<{ total: number }>(profile, LIST_KEY);
    return {
      links: repo.page(profile, LINKS_PER_PAGE, (page - 1) * LINKS_PER_PAGE),
      page,
      perPage: LINKS_PER_PAGE,
      total,
      lastPage: Math.max(1, Math.ceil(total / LINKS_PER_PAGE)),
      fetchedAt: kept?.fetchedAt ?? at(),
      stale: true,
    };
  }

  return {
    async list(bound: BoundAccount, page: number): Promise<ShortLinksPageView> {
      let answer;
      try {
        answer = await bound.call((client) => client.listShortLinks(page));
      } catch (error) {
        if (isUnreachable(error)) return keptPage(bound.profile, page);
        throw error;
      }
      const fetchedAt = at();
      for (const link of answer.data) repo.put(bound.profile, link, fetchedAt);
      cache.put(bound.profile, LIST_KEY, { total: answer.meta.total });
      return {
        links: answer.data.map((link) => stored(bound.profile, link.id)),
        page: answer.meta.currentPage,
        perPage: answer.meta.perPage,
        total: answer.meta.total,
        lastPage: Math.max(1, answer.meta.lastPage),
        fetchedAt,
        stale: false,
      };
    },

    async create(bound: BoundAccount, input: ShortLinkInput): Promise<ShortLinkView> {
      const link = await bound.call((client) => client.createShortLink(input));
      repo.put(bound.profile, link, at());
      return stored(bound.profile, link.id);
    },

    async deactivate(bound: BoundAccount, id: string): Promise<ShortLinkView> {
      const link = await bound.call((client) => client.deactivateShortLink(id));
      repo.put(bound.profile, link, at());
      return stored(bound.profile, link.id);
    },

    async clicks(bound: BoundAccount, id: string, page: number): Promise<LinkClicksView> {
      let stale = false;
      try {
        await readLinkAndClicks(bound, repo, id, at);
      } catch (error) {
        if (!isUnreachable(error) || !repo.get(bound.profile, id)) throw error;
        stale = true;
      }
      const link = stored(bound.profile, id);
      const total = repo.clicksKept(bound.profile, id);
      return {
        link,
        series: clickSeries(link.createdAt, repo.clickTimes(bound.profile, id)),
        clicks: repo.clickPage(bound.profile, id, LINKS_PER_PAGE, (page - 1) * LINKS_PER_PAGE),
        page,
        perPage: LINKS_PER_PAGE,
        total,
        lastPage: Math.max(1, Math.ceil(total / LINKS_PER_PAGE)),
        fetchedAt: repo.fetchedAt(bound.profile, id) ?? at(),
        stale,
      };
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
