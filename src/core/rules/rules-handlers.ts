import type { Handlers } from '../handlers';
import type { RulesChannel } from '../../shared/contract/rules';
import type { RulesView } from '../../shared/dto/rules';
import { holidaysOf } from '../../shared/rules/holidays';
import { localClock } from '../../shared/rules/schedule';
import { APP_TIME_ZONE } from '../../shared/display-format';
import type { BlockLists } from './block-lists';
import type { RulesRepo } from './rules-repo';

export interface RulesHandlerDeps {
  repo: RulesRepo;
  lists: BlockLists;
  profile: () => string;
  now: () => Date;
}

export function rulesHandlers(d: RulesHandlerDeps): Pick<Handlers, RulesChannel> {
  const view = (profile: string): RulesView => {
    const now = d.now();
    const year = Number(localClock(now, APP_TIME_ZONE).date.slice(0, 4));
    return {
      rules: d.repo.rulesOf(profile),
      holidays: [...holidaysOf(year), ...holidaysOf(year + 1)],
      blockLists: d.lists.lists(profile, now),
    };
  };
  return {
    'rules:get': async () => view(d.profile()),
    'rules:set': async (change) => {
      const profile = d.profile();
      d.repo.set(profile, change, d.now());
      return view(profile);
    },
    'rules:blockLists': async () => d.lists.lists(d.profile(), d.now()),
    'rules:removeBlockList': async ({ source }) => ({ removed: d.lists.remove(d.profile(), source) }),
  };
}
