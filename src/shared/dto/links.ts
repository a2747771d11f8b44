/**
 * Short-link shapes that cross IPC (outputs of the links channels and the
 * payload of their event). Links and clicks are read from the service and
 * kept in SQLite, so each view says when it was read (`fetchedAt`) and
 * whether the service could not be reached (`stale`).
 */
import type { PageOfKept } from './page-of-kept';

/** The campaign a link was made for (Torpedo makes one per address of a tracked campaign). */
export interface LinkCampaignRef {
  id: string;
  name: string;
}

export interface ShortLinkView {
  id: string;
  /** Where the link leads. */
  url: string;
  shortUrl: string;
  title: string | null;
  /** False once deactivated: the short address then answers "not found". */
  active: boolean;
  /** The service's count of clicks. */
  clicks: number;
  createdAt: string;
  campaign: LinkCampaignRef | null;
}

export interface ShortLinksPageView extends PageOfKept {
  links: ShortLinkView[];
}

export interface LinkClickView {
  id: string;
  clickedAt: string;
  /** The recipient who clicked, when the service can tell (a link in a message it delivered). */
  phone: string | null;
  userAgent: string | null;
}

/** Clicks so far at a moment (a running total), for the charts. */
export interface ClickPoint {
  at: string;
  clicks: number;
}

/** `total`: the clicks read and kept here (the service's count is `link.clicks`). */
export interface LinkClicksView extends PageOfKept {
  link: ShortLinkView;
  /** Running total of the clicks read, over time. */
  series: ClickPoint[];
  /** One page of the clicks read, newest first. */
  clicks: LinkClickView[];
}

/** One address of a tracked campaign and its clicks. */
export interface CampaignLinkView {
  /** As written in the message. */
  written: string;
  /** Null while the link is not made yet (the campaign has not started sending). */
  link: ShortLinkView | null;
  clicks: number;
  series: ClickPoint[];
}

export interface CampaignClicksView {
  campaignId: string;
  /** Whether the campaign shortens and counts its links. */
  tracked: boolean;
  links: CampaignLinkView[];
  /** Every link's clicks added up (the click rate is this over the report's delivered messages). */
  clicks: number;
  fetchedAt: string;
  stale: boolean;
}

/** New clicks were read in the background; views showing these reload. */
export interface LinksClickedEvent {
  linkIds: string[];
  campaignIds: string[];
}

/** What the composer and `campaign create` say about the short addresses a cost was counted with. */
export interface ShortLinkCount {
  /** Distinct addresses written in the message that will be shortened. */
  links: number;
  /** Characters of each short address as counted. */
  length: number;
  /**
   * `campaign`: this campaign's own links (made for its test message);
   * `account`: the length of the account's short links; `guess`: no short
   * link of this account is known yet (ASSUMED length, see wire.ts).
   */
  basis: 'campaign' | 'account' | 'guess';
}
