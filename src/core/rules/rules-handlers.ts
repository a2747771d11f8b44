import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';
import type { Handlers } from '../kernel/handlers';
import type { RulesChannel } from '../../shared/contract/rules';
import type { RulesView } from '../../shared/dto/rules';
import { holidaysOf } from '../../shared/rules/holidays';
import { howToStopOn } from '../../shared/rules/how-to-stop';
import { localClock } from '../../shared/rules/schedule';
import { APP_TIME_ZONE } from '../../shared/display-format';
import type { BlockLists } from './block-lists';
import type { RulesRepo } from './rules-repo';

export interface RulesHandlerDeps {
  repo: RulesRepo;
  lists: BlockLists;
  profile: () => string;
  now: () => Date;
  serverConnected: (profile: string) => boolean;
}

export function rulesHandlers(d: RulesHandlerDeps): Pick<Handlers, RulesChannel> {
  /** The rules hold without a sign-in (they are the data folder's); the block lists are the profile's. */
  const view = (): RulesView => {
    const now = d.now();
    const year = Number(localClock(now, APP_TIME_ZONE).date.slice(0, 4));
    let blockLists: RulesView['blockLists'] = [];
    let serverConnected = false;
    try {
      const profile = d.profile();
      blockLists = d.lists.lists(profile, now);
      serverConnected = d.serverConnected(profile);
    } catch {
      // Signed out: no profile, no lists to show yet, no server reading its replies.
    }
    const rules = d.repo.rules();
    return {
      rules,
      howToStop: { on: howToStopOn(rules.howToStop, serverConnected), serverConnected },
      holidays: [...holidaysOf(year), ...holidaysOf(year + 1)],
      blockLists,
    };
  };
  return {
    'rules:get': async () => view(),
    'rules:set': async (change) => {
      d.repo.set(change, d.now());
      return view();
    },
    'rules:blockLists': async () => d.lists.lists(d.profile(), d.now()),
    'rules:removeBlockList': async ({ list }) => ({ removed: d.lists.remove(d.profile(), list) }),
    'rules:undoBlockImport': async ({ list: id }) => {
      const list = d.lists.undo(d.profile(), id, d.now());
      if (!list) throw new AppFailure(APP_ERROR_CODES.notFound, 'This list has no import to undo.');
      return list;
    },
  };
}
