/**
 * `campaigns:estimate`: every recipient's message rendered and counted,
 * priced with the catalogue the freeze will use, against the balance; and
 * what the sending rules would do were it sent now: who they leave out, whose
 * message they move later, when the first and the last would go.
 */
import { blockedTotal } from '../../../shared/rules/block-list-kinds';
import type { CampaignEstimateView } from '../../../shared/dto/campaigns';
import type { CampaignRules, CampaignsDeps } from '../campaigns-deps';
import type { CampaignRecord } from '../campaign-repo';
import { costReais, shortfallOf } from '../campaign-money';
import { createMessageBuilder } from '../messages/message-builder';
import { tallyMessages } from '../messages/message-tally';
import { type SmsTypeCatalog, bindAccount, knownBalance, mayAskService } from '../../account/account-module';
import { pricingOf } from '../pricing';
import type { LinkTracking } from '../../links/links-module';
import { trackedCounting } from './tracked-links';
import type { Audience } from './audience';
import { COL, type AudienceQuery } from '../messages/audience-sql';
import type { ContactBook } from './contact-book';
import { checkView } from './text-check';
import { MessageTimes } from './message-times';

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function estimateCampaign(
  deps: CampaignsDeps,
  catalog: SmsTypeCatalog,
  tracking: LinkTracking,
  book: ContactBook,
  sending: Pick<CampaignRules, 'rules' | 'frame'>,
  counter: Pick<Audience, 'counts'>,
  campaign: CampaignRecord,
  audience: AudienceQuery,
): Promise<CampaignEstimateView> {
  const { profile, options } = campaign;
  const mayAsk = mayAskService(deps.session, deps.connectivity, profile);
  const [types, balance, counting] = await Promise.all([
    catalog.known(profile, mayAsk),
    knownBalance(deps, profile),
    trackedCounting(tracking, mayAsk ? bindAccount(deps.session, deps.account) : null, campaign),
  ]);
  const rules = sending.rules();
  const builder = createMessageBuilder(campaign.template, options.plainLetters, sending.frame(profile));
  const times = new MessageTimes(options.scheduleAt, rules, deps.now());
  const tally = tallyMessages(deps.db, audience, builder, counting.sent, (row) =>
    times.add(row[COL.phone] as string, row[COL.zone] as string | null),
  );
  const left = counter.counts(audience);
  const pricing = pricingOf(types, options.smsTypeId);
  const cost = pricing.unitMicro === null ? null : costReais(tally.segments, pricing.unitMicro);
  return {
    recipients: tally.recipients,
    messages: tally.recipients,
    segments: tally.segments,
    encodings: tally.encodings,
    maxSegments: tally.maxSegments,
    smsType: pricing.type,
    unitPrice: pricing.type?.unitPrice ?? null,
    cost,
    balance,
    shortfall: cost === null || balance === null ? null : shortfallOf(cost, balance),
    tooLong: tally.tooLong,
    shortLinks: counting.shortLinks,
    ...checkView(builder, tally, (key) => book.hasField(profile, key)),
    rules: {
      excluded: { blocked: blockedTotal(left.blocked), cap: left.capped },
      moved: times.moved,
    },
    firstAt: isoOrNull(times.first),
    lastAt: isoOrNull(times.last),
    firstZone: times.firstZone,
    lastZone: times.lastZone,
  };
}
