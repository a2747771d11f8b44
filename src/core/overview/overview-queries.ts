/**
 * The overview's reads, in SQL over the tables the other domains keep
 * (campaigns and their batches, the sends as last read, the short links'
 * clicks, contacts, opt-outs), read only. One screen that sums up every
 * domain is cheapest as a few aggregate queries on one connection: with 200
 * campaigns and 100,000 contacts the whole view is read in a few
 * milliseconds (test/bench/overview.bench.ts), where asking each domain in
 * turn would walk the same rows several times.
 *
 * Days are Brasília's (UTC-3 all year since 2019, when Brazil dropped
 * daylight saving time), like every date the app shows.
 */
import type { Statement } from 'better-sqlite3';
import type { Database } from '../db/open-database';

/** Brasília's clock as an SQLite date modifier. */
export const BRASILIA = '-3 hours';

export interface RecentRow {
  id: string;
  name: string;
  status: string;
  queued_at: string;
  /** When its first batch was accepted: when it really started going out. */
  sent_at: string | null;
  messages: number | null;
  /** Centavos the service took for its accepted batches; null: the price is unknown. */
  spent_cents: number | null;
  /** Centavos its batches still to go out will cost; null: the price is unknown. */
  pending_cents: number | null;
  tracking: string | null;
  read: number;
  delivered: number;
  failed: number;
  clicks: number;
}

export interface PeriodRow {
  messages: number;
  delivered: number;
  failed: number;
  tracked_delivered: number;
}

export interface WaitingRow {
  id: string;
  name: string;
  status: string;
  schedule_at: string | null;
  time_zone: string | null;
  hold: string | null;
}

/** Accepted batches and their sends as last read. */
const SENT = `campaign_batches b JOIN campaigns c ON c.id = b.campaign_id
  LEFT JOIN history_sends s ON s.profile = c.profile AND s.id = b.send_id`;
const TRACKED = `coalesce(json_extract(c.options, '$.linkTracking'), 'none') != 'none'`;
/**
 * What an accepted batch took from the balance, in centavos: the service's own figure once its
 * send was read, else the batch's price (the service debits a send when it accepts it); unknown
 * when neither is known (frozen before any price list was read).
 */
const DEBITED_CENTS = `round(coalesce(s.cost, CASE WHEN c.unit_price IS NOT NULL THEN b.cost END) * 100)`;

export interface SpendParams {
  profile: string;
  since: string;
}

export interface OverviewQueries {
  recent: Statement<[string, number], RecentRow>;
  period: Statement<[string, string], PeriodRow>;
  spendCents: Statement<SpendParams, number | null>;
  testMessages: Statement<[string, string], number>;
  messagesByDay: Statement<[string, string], { day: string; n: number }>;
  clicksByDay: Statement<[string, string], { day: string; n: number }>;
  waiting: Statement<[string, string], WaitingRow>;
  contacts: Statement<[string], number>;
  optOutsSince: Statement<[string, string], number>;
  firstRun: Statement<
    [string, string, string, string, string],
    { composed: number; tested: number; sent: number; draft: string | null }
  >;
}

export function createOverviewQueries(db: Database): OverviewQueries {
  return {
    recent: db.prepare<[string, number], RecentRow>(
      `SELECT c.id, c.name, c.status, c.queued_at, c.messages,
              json_extract(c.options, '$.linkTracking') AS tracking,
              (SELECT min(b.accepted_at) FROM campaign_batches b
                WHERE b.campaign_id = r.id AND b.state = 'accepted') AS sent_at,
              (SELECT CASE WHEN count(*) = count(${DEBITED_CENTS}) THEN coalesce(sum(${DEBITED_CENTS}), 0) END
                 FROM ${SENT} WHERE b.campaign_id = r.id AND b.state = 'accepted') AS spent_cents,
              (SELECT CASE WHEN c.unit_price IS NOT NULL THEN coalesce(sum(round(b.cost * 100)), 0) END
                 FROM campaign_batches b
                WHERE b.campaign_id = r.id AND b.state IN ('queued', 'sending', 'held')) AS pending_cents,
              (SELECT count(s.detail_at) FROM ${SENT} WHERE b.campaign_id = r.id AND b.state = 'accepted') AS read,
              (SELECT coalesce(sum(s.delivered), 0) FROM ${SENT} WHERE b.campaign_id = r.id AND b.state = 'accepted') AS delivered,
              (SELECT coalesce(sum(s.failed), 0) FROM ${SENT} WHERE b.campaign_id = r.id AND b.state = 'accepted') AS failed,
              (SELECT count(*) FROM campaign_links cl CROSS JOIN short_link_clicks k
                WHERE cl.campaign_id = r.id AND cl.link_id IS NOT NULL
                  AND k.profile = c.profile AND k.link_id = cl.link_id) AS clicks
         FROM (SELECT id FROM campaigns WHERE profile = ? AND status != 'draft' ORDER BY queued_at DESC LIMIT ?) r
         JOIN campaigns c ON c.id = r.id
        ORDER BY c.queued_at DESC`,
    ),
    period: db.prepare<[string, string], PeriodRow>(
      `SELECT coalesce(sum(b.messages), 0) AS messages,
              coalesce(sum(s.delivered), 0) AS delivered, coalesce(sum(s.failed), 0) AS failed,
              coalesce(sum(CASE WHEN ${TRACKED} THEN s.delivered END), 0) AS tracked_delivered
         FROM ${SENT}
        WHERE c.profile = ? AND b.state = 'accepted' AND b.accepted_at >= ?`,
    ),
    // Everything debited since then that Torpedo knows of: the campaigns' accepted batches, the test
    // messages, and any other send the history has read (from another tool on the same account).
    spendCents: db
      .prepare<SpendParams, number | null>(
        `SELECT sum(cents) FROM (
           SELECT ${DEBITED_CENTS} AS cents FROM ${SENT}
            WHERE c.profile = :profile AND b.state = 'accepted' AND b.accepted_at >= :since
           UNION ALL
           SELECT round(coalesce(s.cost, t.cost) * 100) FROM campaign_test_sends t
             LEFT JOIN history_sends s ON s.profile = t.profile AND s.id = t.send_id
            WHERE t.profile = :profile AND t.sent_at >= :since
           UNION ALL
           SELECT round(s.cost * 100) FROM history_sends s
            WHERE s.profile = :profile AND s.created_at >= :since AND s.cost IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM campaign_batches b WHERE b.send_id = s.id)
              AND NOT EXISTS (SELECT 1 FROM campaign_test_sends t WHERE t.profile = s.profile AND t.send_id = s.id))`,
      )
      .pluck(),
    testMessages: db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM campaign_test_sends WHERE profile = ? AND sent_at >= ?',
      )
      .pluck(),
    messagesByDay: db.prepare<[string, string], { day: string; n: number }>(
      `SELECT date(b.accepted_at, '${BRASILIA}') AS day, sum(b.messages) AS n
         FROM campaign_batches b JOIN campaigns c ON c.id = b.campaign_id
        WHERE c.profile = ? AND b.state = 'accepted' AND b.accepted_at >= ? GROUP BY day`,
    ),
    clicksByDay: db.prepare<[string, string], { day: string; n: number }>(
      // From the campaigns to their links to the clicks, in that order (CROSS JOIN tells SQLite so:
      // left to choose, it read every click of the profile once per campaign), each step an index.
      `SELECT date(k.clicked_at, '${BRASILIA}') AS day, count(*) AS n
         FROM campaigns c CROSS JOIN campaign_links cl CROSS JOIN short_link_clicks k
        WHERE c.profile = ? AND cl.campaign_id = c.id AND cl.link_id IS NOT NULL
          AND k.profile = c.profile AND k.link_id = cl.link_id AND k.clicked_at >= ?
        GROUP BY day`,
    ),
    waiting: db.prepare<[string, string], WaitingRow>(
      `SELECT id, name, status, json_extract(options, '$.scheduleAt') AS schedule_at,
              json_extract(options, '$.timeZone') AS time_zone, hold
         FROM campaigns
        WHERE profile = ? AND (status = 'held'
              OR (status NOT IN ('draft', 'cancelled') AND json_extract(options, '$.scheduleAt') > ?))
        ORDER BY coalesce(json_extract(options, '$.scheduleAt'), queued_at)`,
    ),
    contacts: db
      .prepare<[string], number>('SELECT count(*) FROM contacts WHERE profile = ? AND deleted_at IS NULL')
      .pluck(),
    optOutsSince: db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM opt_outs WHERE profile = ? AND created_at >= ?',
      )
      .pluck(),
    firstRun: db.prepare<
      [string, string, string, string, string],
      {
        composed: number;
        tested: number;
        sent: number;
        draft: string | null;
      }
    >(
      `SELECT EXISTS (SELECT 1 FROM campaigns WHERE profile = ? AND template != '') AS composed,
              EXISTS (SELECT 1 FROM campaign_test_sends WHERE profile = ?) AS tested,
              EXISTS (SELECT 1 FROM campaigns WHERE profile = ? AND status != 'draft') AS sent,
              (SELECT id FROM campaigns WHERE profile = ? AND status = 'draft'
                ORDER BY updated_at DESC LIMIT 1) AS draft
         WHERE ? IS NOT NULL`,
    ),
  };
}
