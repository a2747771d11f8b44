import type { BestHourChannel } from '../../shared/contract/best-hour';
import type { BestHourView } from '../../shared/dto/best-hour';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { RulesModule } from '../rules/rules-module';
import { createActivityReader } from './activity-reader';
import { hourTable } from './hour-table';
import { defaultSuggestion, ownSuggestion } from './suggested-hour';

export type BestHourModule = CoreModule<BestHourChannel>;

/**
 * Campaigns needed before the shop's own figures are shown: fewer say more
 * about one offer or one day's weather than about the customers' habits.
 */
export const BEST_HOUR_MIN_CAMPAIGNS = 3;

/**
 * The best hour to send (issue 37): when this shop's customers click and
 * answer, counted on each one's own clock, and the hour suggested inside the
 * sending rules; general guidance, said as such, until BEST_HOUR_MIN_CAMPAIGNS
 * delivered campaigns had tracked links or replies. Reads only (activity-reader.ts).
 */
export function createBestHourModule(
  deps: Pick<ModuleDeps, 'db' | 'profile'>,
  rules: Pick<RulesModule, 'rules'>,
): BestHourModule {
  const reader = createActivityReader(deps.db);
  return {
    handlers: {
      'bestHour:get': async (): Promise<BestHourView> => {
        const profile = deps.profile();
        const now = rules.rules();
        const campaigns = reader.campaigns(profile);
        const needed = BEST_HOUR_MIN_CAMPAIGNS;
        const hours = campaigns >= needed ? hourTable(reader.activities(profile)) : [];
        if (hours.length === 0) {
          return { source: 'default', campaigns, needed, hours, suggestion: defaultSuggestion(now) };
        }
        return { source: 'own', campaigns, needed, hours, suggestion: ownSuggestion(hours, now) };
      },
    },
  };
}
