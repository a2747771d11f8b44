/**
 * A tracked campaign's short links: one per distinct address written in its
 * message, made through the short-link API, and put in the messages in
 * place of the addresses.
 *
 * WHY TORPEDO MAKES THEM ITSELF (rather than sending `link_tracking` and
 * reading what the service made):
 *
 * - It knows, before a message leaves, which link belongs to which campaign
 *   and which address: the report's clicks are that link's clicks, read
 *   from `GET /v1/short-links/{id}/clicks`. What the service does with
 *   `link_tracking` is not published at all (its values are ASSUMED), and
 *   nothing would tie the links it made back to a campaign: guessing from
 *   addresses and dates would mix up two campaigns with the same offer.
 * - The cost is exact: the message that goes out carries the very short
 *   address its parts were counted with. A service that shortened on its
 *   own would change the length after the user saw the cost.
 * - It still works when the campaign was frozen offline: the freeze writes
 *   the addresses (`record`, no network), the messages keep them as
 *   written, and the outbox worker, which needs the network anyway, makes
 *   the links (`make`) and rewrites the messages before the first batch
 *   leaves (campaigns/delivery/short-link-rewrite.ts). A test message made
 *   from the composer makes them earlier, so the estimate then counts the
 *   real addresses.
 *
 * Creating a link is not idempotent. Like a batch, an attempt is written
 * down before its request leaves; when its answer was lost, the account's
 * newest links are read for one with the same address and title made since
 * the attempt, and only when there is none is another made. (A duplicate
 * would cost nothing, but its clicks would be missed.)
 */
import { SHORT_URL_LENGTH_GUESS } from '../api/wire';
import type { ShortLink } from '../api/wire-schemas';
import type { Database } from '../db/open-database';
import { isUnreachable, type BoundAccount } from '../account/account-module';
import type { WrittenLink } from '../../shared/message-links';
import type { ShortLinkCount } from '../../shared/dto/links';
import type { LinkRepo } from './link-repo';

/** The service's clock is not ours: a link made for a lost request may look this much older. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Pages of the account's newest links read to find a link whose answer was lost. */
const LOOKUP_PAGES = 5;

export interface CampaignLinkRow {
  position: number;
  written: string;
  target: string;
  link_id: string | null;
  short_url: string | null;
  attempt_started_at: string | null;
}

/** The campaign a link is made for: its title on the service is the campaign's name. */
export interface LinkedCampaign {
  id: string;
  profile: string;
  name: string;
}

export type ShortLength = Omit<ShortLinkCount, 'links'>;

export function createCampaignLinks(db: Database, repo: LinkRepo, now: () => Date) {
  const rows = db.prepare<[string], CampaignLinkRow>(
    `SELECT position, written, target, link_id, short_url, attempt_started_at
       FROM campaign_links WHERE campaign_id = ? ORDER BY position`,
  );
  const insert = db.prepare<{ campaign: string } & CampaignLinkRow>(
    `INSERT INTO campaign_links (campaign_id, position, written, target, link_id, short_url, attempt_started_at)
     VALUES (:campaign, :position, :written, :target, :link_id, :short_url, :attempt_started_at)`,
  );
  const removeAll = db.prepare<[string]>('DELETE FROM campaign_links WHERE campaign_id = ?');
  const attempt = db.prepare<[string, string, number]>(
    'UPDATE campaign_links SET attempt_started_at = ? WHERE campaign_id = ? AND position = ?',
  );
  const made = db.prepare<[string, string, string, number]>(
    'UPDATE campaign_links SET link_id = ?, short_url = ? WHERE campaign_id = ? AND position = ?',
  );
  const owned = db.prepare<[string], number>('SELECT 1 FROM campaign_links WHERE link_id = ?').pluck();

  /** The links made already and their address lengths (the campaign's, then any of the account's). */
  function knownLength(profile: string, campaignId: string | null): ShortLength | null {
    const own = campaignId ? rows.all(campaignId).filter((r) => r.short_url !== null) : [];
    if (own.length > 0)
      return { length: Math.max(...own.map((r) => r.short_url!.length)), basis: 'campaign' };
    const newest = repo.newestShortUrl(profile);
    return newest ? { length: newest.length, basis: 'account' } : null;
  }

  /** After a lost answer: a link made for this address and campaign since the attempt, if the service has one. */
  async function lookFor(
    bound: BoundAccount,
    row: CampaignLinkRow,
    title: string,
  ): Promise<ShortLink | null> {
    const since = Date.parse(row.attempt_started_at!) - CLOCK_SKEW_MS;
    for (let page = 1; page <= LOOKUP_PAGES; page++) {
      const { data, meta } = await bound.call((client) => client.listShortLinks(page));
      for (const link of data) {
        if (link.url === row.target && link.title === title && owned.get(link.id) === undefined) return link;
      }
      const oldest = data.at(-1);
      if (!oldest || Date.parse(oldest.created_at) < since || meta.nextPageUrl === null) break;
    }
    return null;
  }

  return {
    rows: (campaignId: string): CampaignLinkRow[] => rows.all(campaignId),

    /**
     * The campaign's addresses are exactly `links` (in the caller's
     * transaction: the freeze's, or a test message's): new ones are added,
     * those no longer written are forgotten (a link made for one stays on
     * the account, unused).
     */
    record(campaignId: string, links: readonly WrittenLink[]): void {
      db.transaction(() => {
        // Written afresh in the message's order: an address written before keeps its link (made,
        // or asked for), at its new position. Renumbering rows in place would have to step around
        // the (campaign, position) key with positions outside the column's range.
        const before = new Map(rows.all(campaignId).map((r) => [r.written, r]));
        removeAll.run(campaignId);
        links.forEach((l, position) => {
          const kept = before.get(l.written);
          insert.run({
            campaign: campaignId,
            position,
            written: l.written,
            target: l.target,
            link_id: kept?.link_id ?? null,
            short_url: kept?.short_url ?? null,
            attempt_started_at: kept?.attempt_started_at ?? null,
          });
        });
      })();
    },

    /**
     * How long a short address is, to count a message's parts before its
     * links exist. The account's links all look alike (the service's host and
     * a code of fixed length), so any one of them tells; with none known and
     * the service reachable, its newest links are read once to learn it.
     */
    async shortLength(
      bound: BoundAccount | null,
      profile: string,
      campaignId: string | null,
    ): Promise<ShortLength> {
      const known = knownLength(profile, campaignId);
      if (known || !bound) return known ?? { length: SHORT_URL_LENGTH_GUESS, basis: 'guess' };
      try {
        const { data } = await bound.call((client) => client.listShortLinks(1));
        for (const link of data) repo.put(profile, link, now().toISOString());
      } catch (error) {
        // Unreachable: the guess below, and the worker counts again once the links exist.
        if (!isUnreachable(error)) throw error;
      }
      return knownLength(profile, campaignId) ?? { length: SHORT_URL_LENGTH_GUESS, basis: 'guess' };
    },

    /** Makes the links not made yet; every address with its short one. Throws what the service threw. */
    async make(bound: BoundAccount, campaign: LinkedCampaign): Promise<{ written: string; short: string }[]> {
      for (const row of rows.all(campaign.id)) {
        if (row.link_id !== null) continue;
        let link = row.attempt_started_at ? await lookFor(bound, row, campaign.name) : null;
        if (!link) {
          attempt.run(now().toISOString(), campaign.id, row.position);
          link = await bound.call((client) =>
            client.createShortLink({ url: row.target, title: campaign.name }),
          );
        }
        db.transaction(() => {
          repo.put(campaign.profile, link, now().toISOString());
          made.run(link.id, link.shortUrl, campaign.id, row.position);
        })();
      }
      return rows.all(campaign.id).map((r) => ({ written: r.written, short: r.short_url! }));
    },
  };
}

export type CampaignLinks = ReturnType<typeof createCampaignLinks>;
