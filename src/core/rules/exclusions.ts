/**
 * Who the rules leave out, for every way a message is sent: a number on a
 * block list (any campaign, automation or test send), and a person who has
 * had the cap's number of messages in its days (campaigns and automations).
 *
 * Two forms of the same rules: SQL conditions for a whole audience (the
 * composer's counts and the freeze read a million contacts in one query,
 * each condition one index lookup per contact), and `excludedBy` for one
 * recipient at a time (an automation's message, a test send).
 */
import type { BlockSource } from '../../shared/dto/rules';
import type { SendingRules } from '../../shared/rules/sending-rules';
import type { BlockLists } from './block-lists';
import type { SendLog } from './send-log';

const DAY_MS = 86_400_000;

/**
 * True when the number `phone` (an SQL expression, `c.phone`) is on one of
 * the profile's block lists (`:profile`); `source` narrows it to one list.
 */
export const blockedSql = (phone: string, source?: BlockSource): string =>
  `EXISTS (SELECT 1 FROM blocked_numbers b WHERE b.profile = :profile AND b.phone = ${phone}` +
  (source ? ` AND b.source = '${source === 'procon-sp' ? 'procon-sp' : 'other'}')` : ')');

/**
 * True when the number has had `:capMessages` messages or more since
 * `:capSince` (ms); never when `:capMessages` is 0 (the cap is off: the
 * count is then not even made).
 */
export const cappedSql = (phone: string): string =>
  `(:capMessages > 0 AND (SELECT count(*) FROM send_log s
     WHERE s.profile = :profile AND s.phone = ${phone} AND s.at > :capSince) >= :capMessages)`;

export interface CapParams {
  /** 0: the cap is off. */
  capMessages: number;
  capSince: number;
}

/** The cap's parameters for `cappedSql`, as the rules are at `now`. */
export const capParams = (rules: SendingRules, now: Date): CapParams =>
  rules.cap.on
    ? { capMessages: rules.cap.messages, capSince: now.getTime() - rules.cap.days * DAY_MS }
    : { capMessages: 0, capSince: 0 };

export type Exclusion =
  { rule: 'blocked'; source: BlockSource } | { rule: 'cap'; messages: number; days: number };

export function createExclusions(lists: BlockLists, log: SendLog) {
  return {
    /** What leaves this number out of a campaign's or an automation's message now, or null. */
    excludedBy(profile: string, phone: string, rules: SendingRules, now: Date): Exclusion | null {
      const source = lists.blockedBy(profile, phone);
      if (source) return { rule: 'blocked', source };
      const cap = capParams(rules, now);
      if (cap.capMessages > 0 && log.countSince(profile, phone, cap.capSince) >= cap.capMessages) {
        return { rule: 'cap', messages: rules.cap.messages, days: rules.cap.days };
      }
      return null;
    },
  };
}
