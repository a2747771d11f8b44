import type { CampaignView } from '../../../shared/dto/campaigns';
import { earliestOf } from '../../../shared/rules/schedule';
import type { CampaignRules, CampaignSpine, CampaignsDeps } from '../campaigns-deps';
import { capParams } from '../../rules/rules-module';
import type { Handlers } from '../../kernel/handlers';
import { createAudience } from './audience';
import { copyName, defaultCampaignName } from '../campaign-names';
import type { CampaignRecord } from '../campaign-repo';
import { audienceQuery } from '../messages/audience-sql';
import type { SegmentAudience } from '../../segments/segments-module';
import { estimateCampaign } from './estimate';
import type { LinkTracking } from '../../links/links-module';
import { bindAccount, mayAskService } from '../../account/account-module';
import { shortLengthFor } from './tracked-links';
import { createFreezer } from './freeze';
import { DEFAULT_OPTIONS } from '../messages/message-options';
import { previewCampaign } from './preview';
import { testSend } from './test-send';
import { createTestSendLog } from './test-send-log';
import { createContactBook, type ContactBook } from './contact-book';

/** The composer's channels. */
export type ComposerChannel =
  | 'campaigns:list'
  | 'campaigns:get'
  | 'campaigns:create'
  | 'campaigns:duplicate'
  | 'campaigns:saveDraft'
  | 'campaigns:delete'
  | 'campaigns:audience'
  | 'campaigns:fields'
  | 'campaigns:preview'
  | 'campaigns:estimate'
  | 'campaigns:smsTypes'
  | 'campaigns:testSend'
  | 'campaigns:send';

export interface Composer {
  handlers: Pick<Handlers, ComposerChannel>;
  /** The profile's whole contact book, as a text is checked against it (templates:check). */
  book: ContactBook;
  /** Sign-out with "delete local data": this profile's campaigns and their outbox. */
  clearProfile(profile: string): void;
}

export interface ComposerHooks {
  /** A campaign was frozen into the outbox: wake the worker. */
  onQueued(campaignId: string): void;
}

/**
 * The composer: drafts (campaign-repo.ts), their audience (audience.ts),
 * preview, estimate and test send of the merged messages
 * (message-builder.ts), the SMS-type catalogue, and Send, which freezes the
 * draft into the outbox (freeze.ts).
 */
export function createComposer(
  deps: CampaignsDeps,
  { repo }: CampaignSpine,
  hooks: ComposerHooks,
  tracking: LinkTracking,
  segments: SegmentAudience,
  rules: CampaignRules,
): Composer {
  const testSends = createTestSendLog(deps.db);
  const audience = createAudience(deps.db, rules.blockListRefs);
  const book = createContactBook(deps.db);
  const catalog = deps.account.smsTypes;
  const freeze = createFreezer(deps.db, deps.dbFile, repo, book, tracking.record, rules.sendLog);
  /** The account, when asking the service now makes sense (not while it is known to be unreachable). */
  const askable = (profile: string) =>
    mayAskService(deps.session, deps.connectivity, profile) ? bindAccount(deps.session, deps.account) : null;

  const at = () => deps.now().toISOString();
  const view = (profile: string, id: string): CampaignView => repo.view(profile, id);
  /** The campaign of the current profile, as the composer works on it. */
  const find = (id: string) => repo.find(deps.profile(), id);
  /** Who a draft reaches, its segments worked out now (synchronous: the freeze calls it inside its transaction). */
  const who = (campaign: CampaignRecord) =>
    audienceQuery(
      campaign.profile,
      campaign.audience,
      segments.compile(campaign.profile, campaign.audience.segmentIds),
      // The frequency cap as the rules are now: the owner may change it meanwhile.
      capParams(rules.rules(), deps.now()),
    );
  /** The campaign, once its segments can be worked out (a large import's typed values in place). */
  const ready = async (id: string) => {
    const campaign = find(id);
    if (campaign.audience.segmentIds.length > 0) await segments.ready();
    return campaign;
  };

  return {
    book,
    handlers: {
      'campaigns:list': async () => repo.summaries(deps.profile()),
      'campaigns:get': async ({ id }) => view(deps.profile(), id),

      'campaigns:create': async ({ name }) => {
        const profile = deps.profile();
        const id = repo.insert(
          profile,
          {
            name: name ?? defaultCampaignName(deps.language(), deps.now()),
            template: '',
            audience: { listIds: [], contactIds: [], segmentIds: [] },
            options: DEFAULT_OPTIONS,
            allowPartial: false,
          },
          at(),
        );
        return view(profile, id);
      },

      'campaigns:duplicate': async ({ id }) => {
        const original = find(id);
        const now = deps.now();
        // A schedule already past would send the copy at once: the copy starts unscheduled instead.
        const scheduleAt =
          original.options.scheduleAt && earliestOf(original.options.scheduleAt).getTime() > now.getTime()
            ? original.options.scheduleAt
            : null;
        const copy = repo.insert(
          original.profile,
          {
            name: copyName(deps.language(), original.name),
            template: original.template,
            audience: original.audience,
            options: { ...original.options, scheduleAt },
            allowPartial: original.allowPartial,
          },
          now.toISOString(),
        );
        return view(original.profile, copy);
      },

      'campaigns:saveDraft': async ({ id, ...patch }) => {
        const profile = deps.profile();
        repo.patchDraft(profile, id, patch, at());
        return view(profile, id);
      },

      'campaigns:delete': async ({ id }) => {
        repo.remove(deps.profile(), id);
        return { deleted: true };
      },

      'campaigns:audience': async ({ id }) => audience.counts(who(await ready(id))),
      'campaigns:fields': async ({ id }) => audience.fields(who(await ready(id)), deps.language()),
      'campaigns:preview': async ({ id, index, query }) => {
        const campaign = await ready(id);
        return previewCampaign(
          audience,
          campaign,
          who(campaign),
          { index, query },
          rules.frame(campaign.profile),
        );
      },
      'campaigns:estimate': async ({ id }) => {
        const campaign = await ready(id);
        return estimateCampaign(deps, catalog, tracking, book, rules, audience, campaign, who(campaign));
      },
      'campaigns:smsTypes': () => catalog.list(),
      'campaigns:testSend': async ({ id, phone, index }) => {
        const campaign = await ready(id);
        return testSend(deps, audience, testSends, tracking, rules, campaign, who(campaign), {
          phone,
          index,
          smsTypes: catalog.cached(deps.profile()),
        });
      },

      'campaigns:send': async ({ id, allowPartial }) => {
        const profile = deps.profile();
        const shortLength = await shortLengthFor(tracking, askable(profile), await ready(id));
        freeze({
          profile,
          id,
          allowPartial,
          smsTypes: catalog.cached(profile),
          shortLength,
          rules: rules.rules(),
          frame: rules.frame(profile),
          audience: who,
          at: deps.now(),
        });
        hooks.onQueued(id);
        return view(profile, id);
      },
    },
    clearProfile: (profile) => {
      testSends.clearProfile(profile);
      repo.clearProfile(profile);
    },
  };
}
