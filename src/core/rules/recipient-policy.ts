/**
 * Who may receive a message: the one decision, asked at three moments.
 *
 * - At freeze, over a whole audience: the SQL conditions (optedOutSql,
 *   blockedSql, cappedSql), so a million contacts are one query, each
 *   condition one index lookup per contact.
 * - At hand-over, the last moment before a batch leaves (first try, retry,
 *   after a hold or a restart): `excluded` for the batch's numbers. A number
 *   opted out or blocked since the freeze is taken out; the cap counts what
 *   really went before, not the sender's own messages (they were counted at
 *   its freeze).
 * - At test send: `excluded` for the one number, without the cap (a test
 *   goes to the owner's own phone and is not a message to a customer).
 *
 * A person erased at their request (issue 35, core/privacy) is never
 * messaged again: their number's keyed hash stays, and suppressedSql
 * recognises it. It counts with the opted-out
 * numbers (optedOutSql, and `opted_out` here): for the owner both mean
 * "asked not to receive", and an erased number has no contact to show why.
 */
import type { BlockListKind, BlockListRef } from '../../shared/dto/rules';
import { refOfId } from '../../shared/rules/block-list-kinds';
import type { SendingRules } from '../../shared/rules/sending-rules';
import type { Database } from '../db/open-database';
import { blockListRankSql } from './block-list-rank';
import type { SendOrigin } from './send-log';

const DAY_MS = 86_400_000;

export type Exclusion =
  | { rule: 'opted_out' }
  | { rule: 'blocked'; list: BlockListRef }
  | { rule: 'cap'; messages: number; days: number };

/**
 * True when the number `phone` (an SQL expression, `c.phone`) opted out in the profile (`:profile`),
 * or belongs to a person erased at their request.
 */
export const optedOutSql = (phone: string): string =>
  `(EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = :profile AND o.phone = ${phone})` +
  ` OR ${suppressedSql(':profile', phone)})`;

/**
 * True when the number `phone` is an erased person's (core/privacy): its keyed hash is kept.
 * The first EXISTS does not depend on the number, so SQLite answers it once per query, and no
 * number is hashed in a profile where nobody was erased.
 */
export const suppressedSql = (profile: string, phone: string): string =>
  `(EXISTS (SELECT 1 FROM privacy_suppressions ps WHERE ps.profile = ${profile})` +
  ` AND EXISTS (SELECT 1 FROM privacy_suppressions ps WHERE ps.profile = ${profile}` +
  ` AND ps.hash = torpedo_phone_hash(${profile}, ${phone})))`;

/** True when the number `phone` is on one of the profile's block lists (`:profile`). */
export const blockedSql = (phone: string): string =>
  `EXISTS (SELECT 1 FROM blocked_numbers b WHERE b.profile = :profile AND b.phone = ${phone})`;

/** The id of the first list (in the order lists are asked) that has the number `phone`, or NULL. */
export const blockingListSql = (phone: string): string =>
  `(SELECT b.list_id FROM blocked_numbers b WHERE b.profile = :profile AND b.phone = ${phone}
     ORDER BY ${blockListRankSql('b.list_id')} LIMIT 1)`;

/**
 * True when the number has had `:capMessages` messages or more since
 * `:capSince` (ms), scheduled ones included (a freeze reserves its place);
 * never when `:capMessages` is 0 (the cap is off: the count is then not even made).
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

export interface RecipientsQuestion {
  profile: string;
  phones: readonly string[];
  rules: SendingRules;
  now: Date;
  /**
   * Whose messages these are, at hand-over: the cap then counts only other
   * senders' messages that already went (up to `now`). Without it (an
   * automation deciding, a freeze) every logged message counts, scheduled
   * ones included.
   */
  origin?: SendOrigin;
  /** False for a test send: the cap counts messages to customers only. */
  cap?: boolean;
}

interface Row {
  phone: string;
  opted_out: number;
  blocked: string | null;
  sent: number;
}

/** Numbers per query: json_each reads them as one parameter. */
const CHUNK = 5000;

export function createRecipientPolicy(db: Database) {
  const ask = db.prepare<
    { profile: string; phones: string; capMessages: number; capSince: number; until: number; origin: string },
    Row
  >(
    `SELECT j.value AS phone,
            (EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = @profile AND o.phone = j.value)
              OR ${suppressedSql('@profile', 'j.value')}) AS opted_out,
            (SELECT b.list_id FROM blocked_numbers b WHERE b.profile = @profile AND b.phone = j.value
              ORDER BY ${blockListRankSql('b.list_id')} LIMIT 1) AS blocked,
            CASE WHEN @capMessages > 0 THEN
              (SELECT count(*) FROM send_log s WHERE s.profile = @profile AND s.phone = j.value
                 AND s.at > @capSince AND s.at <= @until AND s.origin <> @origin)
            ELSE 0 END AS sent
       FROM json_each(@phones) j`,
  );

  const refs = db.prepare<[string], { id: string; kind: BlockListKind; name: string | null }>(
    'SELECT id, kind, name FROM block_lists WHERE profile = ?',
  );

  /** The numbers that may not receive a message now, each with why (the first reason in this order). */
  function excluded(q: RecipientsQuestion): Map<string, Exclusion> {
    const out = new Map<string, Exclusion>();
    let named: Map<string, BlockListRef> | null = null;
    const listOf = (id: string): BlockListRef => {
      named ??= new Map(refs.all(q.profile).map((r) => [r.id, { id: r.id, kind: r.kind, name: r.name }]));
      return named.get(id) ?? refOfId(id);
    };
    const cap = q.cap === false ? { capMessages: 0, capSince: 0 } : capParams(q.rules, q.now);
    const until = q.origin === undefined ? Number.MAX_SAFE_INTEGER : q.now.getTime();
    for (let i = 0; i < q.phones.length; i += CHUNK) {
      const rows = ask.all({
        profile: q.profile,
        phones: JSON.stringify(q.phones.slice(i, i + CHUNK)),
        ...cap,
        until,
        origin: q.origin ?? '',
      });
      for (const r of rows) {
        if (r.opted_out === 1) out.set(r.phone, { rule: 'opted_out' });
        else if (r.blocked !== null) out.set(r.phone, { rule: 'blocked', list: listOf(r.blocked) });
        else if (cap.capMessages > 0 && r.sent >= cap.capMessages)
          out.set(r.phone, { rule: 'cap', messages: q.rules.cap.messages, days: q.rules.cap.days });
      }
    }
    return out;
  }

  return {
    excluded,
    /** One number's answer (null: it may receive). */
    excludedOne: (q: Omit<RecipientsQuestion, 'phones'> & { phone: string }): Exclusion | null =>
      excluded({ ...q, phones: [q.phone] }).get(q.phone) ?? null,
  };
}

export type RecipientPolicy = ReturnType<typeof createRecipientPolicy>;
