/**
 * Reads a link's clicks from the service into the kept copy. The service
 * lists them newest first, 20 a page, with its own running count on the
 * link; pages are read until everything it counts is kept (clicks are kept
 * once, by id, so pages that shifted meanwhile do no harm), at most
 * PAGES_PER_READ at a time: a link with thousands of clicks catches up over
 * a few reads instead of holding the report for a minute.
 */
import type { ShortLink } from '../api/wire-schemas';
import type { BoundAccount } from '../account/account-module';
import type { LinkRepo } from './link-repo';

export const PAGES_PER_READ = 25;

/** The link read again and its new clicks kept; returns the link and how many clicks were new. */
export async function readLinkAndClicks(
  bound: BoundAccount,
  repo: LinkRepo,
  linkId: string,
  at: () => string,
): Promise<{ link: ShortLink; added: number }> {
  const link = await bound.call((client) => client.getShortLink(linkId));
  repo.put(bound.profile, link, at());
  let added = 0;
  for (let page = 1; page <= PAGES_PER_READ; page++) {
    if (repo.clicksKept(bound.profile, link.id) >= link.clicks) break;
    const { data, meta } = await bound.call((client) => client.shortLinkClicks(link.id, page));
    added += repo.addClicks(bound.profile, link.id, data);
    if (data.length === 0 || meta.nextPageUrl === null || page >= meta.lastPage) break;
  }
  return { link, added };
}
