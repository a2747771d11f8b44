/**
 * The links part of the IPC contract (merged into ../ipc-contract.ts): the
 * account's short links, their clicks, and a tracked campaign's clicks.
 *
 * Links and clicks are read from the service and kept in SQLite, so every
 * view opens offline (marked `stale`). Creating and deactivating need the
 * service. Errors: `invalid_input` (an address that is not http or https),
 * `not_found`, `not_signed_in`, the service's own codes, and
 * `network_error` when the service cannot be reached and nothing was kept.
 */
import { z } from 'zod';
import type {
  CampaignClicksView,
  LinkClicksView,
  LinksClickedEvent,
  ShortLinksPageView,
  ShortLinkView,
} from '../dto/links';
import { channel, event } from './channel';
import { localId } from './ids';

/** The service's ids are opaque tokens (uuids in practice): the contract's id rule. */
const id = localId;
const page = z.number().int().min(1).max(1_000_000).default(1);

/** The longest address Torpedo shortens (browsers and the service handle far longer; people do not write them). */
export const LINK_URL_MAX = 2048;
export const LINK_TITLE_MAX = 255;

export const linkCreateInput = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'Enter a full address starting with https:// or http://' })
    .max(LINK_URL_MAX, `At most ${LINK_URL_MAX} characters`),
  title: z
    .string()
    .trim()
    .max(LINK_TITLE_MAX, `At most ${LINK_TITLE_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export const linksListInput = z.strictObject({ page });
export const linkIdInput = z.strictObject({ id });
export const linkClicksInput = z.strictObject({ id, page });
export const campaignClicksInput = z.strictObject({ campaignId: localId });

export const linksContract = {
  /** One page of the account's short links, newest first (the service's pages of 20). */
  'links:list': channel<typeof linksListInput, ShortLinksPageView>(linksListInput),
  'links:create': channel<typeof linkCreateInput, ShortLinkView>(linkCreateInput),
  /** After this the short address stops opening the page (the service answers "not found"). */
  'links:deactivate': channel<typeof linkIdInput, ShortLinkView>(linkIdInput),
  /** A link read again, its new clicks read, their running total and one page of them. */
  'links:clicks': channel<typeof linkClicksInput, LinkClicksView>(linkClicksInput),
  /** Puts a link's short address on the clipboard (main writes it: the page has no clipboard access). */
  'links:copy': channel<typeof linkIdInput, { copied: string }>(linkIdInput),
  /** A tracked campaign's links, each with its clicks, and the click rate. */
  'links:campaign': channel<typeof campaignClicksInput, CampaignClicksView>(campaignClicksInput),
};

export type LinksChannel = keyof typeof linksContract;

export const linksEvents = {
  /** The background refresh read new clicks of recent tracked campaigns. */
  'links:clicked': event<LinksClickedEvent>(),
};
