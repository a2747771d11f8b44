import type { Database } from '../../db/open-database';
import type { CampaignRules, CampaignSpine } from '../campaigns-deps';
import { createMessageBuilder } from '../messages/message-builder';
import { createTestSendLog } from '../composer/test-send-log';
import { pricingOf } from '../pricing';
import type { CampaignHandOver } from './campaign-hand-over';
import { createHandOver } from './hand-over';
import { createHandOverOutcomes } from './hand-over-outcomes';

/** The campaigns' surface for the automations (campaign-hand-over.ts says what each part is). */
export function createCampaignHandOver(
  db: Database,
  spine: CampaignSpine,
  wake: () => void,
  rules: CampaignRules,
): CampaignHandOver {
  const outcomes = createHandOverOutcomes(db, spine.progress);
  const tests = createTestSendLog(db);
  return {
    handOver: createHandOver(db, spine.repo, rules),
    summary: outcomes.summary,
    notSent: outcomes.notSent,
    // The rules' frame (name in front, "Como sair"), as the hand-over writes it: the forecast counts the same parts.
    builder: (profile, template) => createMessageBuilder(template, false, rules.frame(profile)),
    unitMicro: (smsTypes, smsTypeId) => {
      const pricing = pricingOf(smsTypes, smsTypeId);
      // A type the service no longer offers goes as the default one (hand-over.ts).
      return pricing.unknownType ? pricingOf(smsTypes, null).unitMicro : pricing.unitMicro;
    },
    sendingRules: () => rules.rules(),
    wake,
    recordTest: (entry) =>
      tests.record({
        profile: entry.profile,
        sendId: entry.sendId,
        campaignId: null,
        campaignName: entry.name,
        phone: entry.phone,
        at: entry.at,
        cost: entry.cost,
      }),
  };
}
