import type { RulesChannel } from '../../shared/contract/rules';
import type { BlockListRef } from '../../shared/dto/rules';
import { frameOf, type MessageFrame } from '../../shared/rules/message-frame';
import type { SendingRules } from '../../shared/rules/sending-rules';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { createBlockLists } from './block-lists';
import { createRecipientPolicy, type Exclusion, type RecipientsQuestion } from './recipient-policy';
import { rulesHandlers } from './rules-handlers';
import { createRulesRepo } from './rules-repo';
import { createSendLog, type SendLog } from './send-log';

// The domain's public surface. The schedule itself is pure and lives in src/shared/rules/schedule.ts
// (scheduleFor, scheduleMemo): every sender asks it, with the rules read here.
export {
  blockedSql,
  blockingListSql,
  cappedSql,
  capParams,
  optedOutSql,
  suppressedSql,
  type CapParams,
  type Exclusion,
} from './recipient-policy';
export { importBlockList, type BlockListFile } from './block-list-import';
/** Erasing one person (core/privacy): this domain's part. */
export { createRulesForget } from './forget-person';
export { blockListRankSql } from './block-list-rank';
export { numberBlockedFailure } from './blocked-failure';
export type { SendLogWriter, SendOrigin } from './send-log';

export interface RulesModule extends CoreModule<RulesChannel> {
  /** The sending rules now (read from the database each time: the CLI may have changed them). */
  rules(): SendingRules;
  /**
   * What the rules put around every message of `profile` now: the business
   * name in front, the "Como sair" sentence at the end. Every sender finishes
   * its text with it (shared/rules/message-frame.ts: asItLeaves).
   */
  frame(profile: string): MessageFrame;
  /**
   * What leaves one number out of a campaign's or an automation's message
   * at `now` (a block list, the frequency cap), or null. Test sends ask
   * `blockedBy` only: the cap counts messages to customers.
   */
  excludedBy(profile: string, phone: string, now: Date): Exclusion | null;
  /**
   * Who of `phones` may not receive a message now, and why: the one
   * decision (recipient-policy.ts), asked again as a batch leaves.
   */
  excluded(question: Omit<RecipientsQuestion, 'rules'>): Map<string, Exclusion>;
  blockedBy(profile: string, phone: string): BlockListRef | null;
  /** The profile's block lists by name, in the order they are asked (counts per list name them). */
  blockListRefs(profile: string): BlockListRef[];
  /**
   * The send log the cap counts: every campaign and automation message is
   * logged (`writer`, in the sender's own transaction) when it is decided,
   * and forgotten if it does not go out after all (a cancelled batch).
   */
  sendLog: Pick<SendLog, 'writer' | 'forget'>;
}

export interface RulesSources {
  /**
   * Whether a Torpedo Server receives `profile`'s replies (the server
   * domain's): an unset "Como sair" is on exactly then, since only then is a
   * "SAIR" read.
   */
  serverConnected(profile: string): boolean;
}

/**
 * Brazil's rules built in: each recipient's own clock, the sending window,
 * Sundays and holidays, the business name in front of every message, the
 * "Como sair" sentence at its end, block lists (Procon-SP's "Não Me Ligue",
 * Procon-AL's, Procon-Carioca's, the owner's own)
 * and the frequency cap. The one writer of sending_rules, block_lists,
 * blocked_numbers and send_log.
 */
export function createRulesModule(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'profile'>,
  sources: RulesSources,
): RulesModule {
  const repo = createRulesRepo(deps.db);
  const lists = createBlockLists(deps.db);
  const sendLog = createSendLog(deps.db);
  const policy = createRecipientPolicy(deps.db);
  return {
    handlers: rulesHandlers({
      repo,
      lists,
      profile: deps.profile,
      now: deps.now,
      serverConnected: sources.serverConnected,
    }),
    rules: () => repo.rules(),
    frame: (profile) => frameOf(repo.rules(), sources.serverConnected(profile)),
    excludedBy: (profile, phone, now) => policy.excludedOne({ profile, phone, rules: repo.rules(), now }),
    excluded: (question) => policy.excluded({ ...question, rules: repo.rules() }),
    blockedBy: (profile, phone) => lists.blockedBy(profile, phone),
    blockListRefs: (profile) => lists.refs(profile),
    sendLog,
    // The rules stay: they are the business's, like the app's language; the lists and the log are the profile's data.
    clearProfile: (profile) => {
      lists.clear(profile);
      sendLog.clear(profile);
    },
  };
}
