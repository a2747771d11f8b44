/**
 * How a tracked campaign's messages are counted before they go out: each
 * address written in the message stands for a short address of the length
 * the links domain knows (the campaign's own links, else the account's,
 * else a guess), so the estimate, `campaign create --track-links` and the
 * freeze count what will really be sent. Untracked campaigns count their
 * text as it is.
 */
import type { CampaignOptions } from '../../../shared/dto/campaigns';
import type { ShortLinkCount } from '../../../shared/dto/links';
import {
  shortLinkStandIn,
  withShortLinks,
  writtenLinks,
  type WrittenLink,
} from '../../../shared/message-links';
import type { LinkTracking, ShortLength } from '../../links/links-module';
import type { BoundAccount } from '../../account/account-module';

/** Both "shorten" and "track" have Torpedo make the links; a short link always counts its clicks. */
export const tracksLinks = (options: Pick<CampaignOptions, 'linkTracking'>): boolean =>
  options.linkTracking !== 'none';

export interface TrackedCounting {
  /** The addresses that become short links (none when the campaign does not track). */
  links: WrittenLink[];
  /** A message as it will be sent, for counting its parts. */
  sent: (text: string) => string;
  /** What the count assumed, for the composer to say beside the cost; null: nothing is shortened. */
  shortLinks: ShortLinkCount | null;
}

const AS_WRITTEN: TrackedCounting = { links: [], sent: (text) => text, shortLinks: null };

type Counted = {
  profile: string;
  id: string;
  template: string;
  options: Pick<CampaignOptions, 'linkTracking'>;
};

/** The counting for a campaign, its short addresses being `length` long (null: not known, as written). */
export function countingWith(campaign: Counted, length: ShortLength | null): TrackedCounting {
  if (!tracksLinks(campaign.options)) return AS_WRITTEN;
  const links = writtenLinks(campaign.template);
  if (links.length === 0 || length === null) return { ...AS_WRITTEN, links };
  const standIns = links.map((l) => ({ written: l.written, short: shortLinkStandIn(length.length) }));
  return {
    links,
    sent: (text) => withShortLinks(text, standIns),
    shortLinks: { links: links.length, length: length.length, basis: length.basis },
  };
}

/** The length a tracked campaign's short addresses are counted with; null when it shortens nothing. */
export async function shortLengthFor(
  tracking: LinkTracking,
  bound: BoundAccount | null,
  campaign: Counted,
): Promise<ShortLength | null> {
  if (!tracksLinks(campaign.options) || writtenLinks(campaign.template).length === 0) return null;
  return tracking.shortLength(bound, campaign.profile, campaign.id);
}

export async function trackedCounting(
  tracking: LinkTracking,
  bound: BoundAccount | null,
  campaign: Counted,
): Promise<TrackedCounting> {
  return countingWith(campaign, await shortLengthFor(tracking, bound, campaign));
}
