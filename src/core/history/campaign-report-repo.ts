import type { BatchState } from '../../shared/dto/campaigns';
import type { CampaignNumberStatus, FailedChargeView } from '../../shared/dto/history';
import { foldText } from '../../shared/sort-key';
import type { CampaignTableRow } from '../campaigns/campaigns-module';
import { FAILED_COST_COLUMNS, failedChargeOf, type FailedCostRow } from './failed-charge';
import type { SendTotalsColumns } from './send-repo';
import type { Database } from '../db/open-database';
import type { Statement } from 'better-sqlite3';

/** The campaign as its report reads it (the campaigns' table: a read model listed in core/db/tables.ts). */
export type CampaignRow = Pick<
  CampaignTableRow,
  'id' | 'name' | 'ref' | 'status' | 'queued_at' | 'finished_at'
>;

export interface BatchRow extends SendTotalsColumns {
  batch: number;
  messages: number;
  state: BatchState;
  send_id: string | null;
  accepted_at: string | null;
  reason: string | null;
}

export interface CampaignNumberRow {
  batch: number;
  position: number;
  phone: string;
  message: string;
  contact_name: string | null;
  status: CampaignNumberStatus;
  service_status: string | null;
  code: string | null;
}

export interface NumberFilter {
  status: CampaignNumberStatus | null;
  query: string;
}

/** A campaign message's status: its batch's outbox state until accepted, then its number's. */
const STATUS = `CASE WHEN b.state = 'accepted' THEN coalesce(n.outcome, 'in_progress')
                     WHEN b.state IN ('queued', 'sending') THEN 'waiting' ELSE 'not_sent' END`;

/** From a campaign message to the number the service reports for it (by phone: a batch never repeats one). */
const TO_NUMBER = `
  JOIN campaign_batches b ON b.campaign_id = m.campaign_id AND b.batch = m.batch
  LEFT JOIN history_sends s ON s.profile = @profile AND s.id = b.send_id
  LEFT JOIN history_numbers n ON n.send_seq = s.seq AND n.phone = m.phone AND n.first_of_phone = 1`;

/** Everything a row shows: the number's status, and the contact it was for (else the one with that number). */
const ROW = `
  SELECT m.batch, m.position, m.phone, m.message,
         coalesce(nullif(ct.name, ''), nullif(cp.name, '')) AS contact_name,
         ${STATUS} AS status, n.status AS service_status, n.code
    FROM campaign_messages m ${TO_NUMBER}
    LEFT JOIN contacts ct ON ct.id = m.contact_id AND ct.profile = @profile
    LEFT JOIN contacts cp ON cp.profile = @profile AND cp.phone = m.phone AND cp.deleted_at IS NULL`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Search =
  | { kind: 'none' }
  | { kind: 'nothing' }
  | { kind: 'digits'; digits: string }
  | { kind: 'name'; name: string };

/** What was typed: letters search names (no case, no accents), anything else the phone's digits. */
function searchOf(query: string): Search {
  const trimmed = query.trim();
  if (trimmed === '') return { kind: 'none' };
  if (/\p{L}/u.test(trimmed))
    return { kind: 'name', name: escapeLike(foldText(trimmed).replace(/\s+/g, ' ')) };
  const digits = trimmed.replace(/\D+/g, '');
  // Only punctuation: matches nothing rather than everything.
  return digits === '' ? { kind: 'nothing' } : { kind: 'digits', digits };
}

/**
 * A campaign's report, read from the outbox (campaigns, batches, messages)
 * and the kept sends. Built for 100,000 messages and more: filters are
 * applied on the messages first, and only the page shown is joined to its
 * numbers and contacts.
 */
export function createCampaignReportRepo(db: Database) {
  const campaign = db.prepare<[string, string], CampaignRow>(
    'SELECT id, name, ref, status, queued_at, finished_at FROM campaigns WHERE id = ? AND profile = ?',
  );
  const batches = db.prepare<[string, string], BatchRow>(
    `SELECT b.batch, b.messages, b.state, b.send_id, b.accepted_at, b.reason,
            s.cost, s.total, s.delivered, s.failed, s.in_progress, s.done, s.detail_at
       FROM campaign_batches b
       LEFT JOIN history_sends s ON s.profile = ? AND s.id = b.send_id
      WHERE b.campaign_id = ? ORDER BY b.batch`,
  );
  // The numbers by outcome: what the report's per-number filters page through.
  const outcomes = db.prepare<[string, string], { outcome: string; n: number }>(
    `SELECT n.outcome, count(*) AS n
       FROM campaign_batches b
       JOIN history_sends s ON s.profile = ? AND s.id = b.send_id
       JOIN history_numbers n ON n.send_seq = s.seq AND n.first_of_phone = 1
      WHERE b.campaign_id = ? AND b.state = 'accepted'
      GROUP BY n.outcome`,
  );
  // Failed messages by what the service charged for each (cost > 0, = 0, not given).
  const failedCosts = db.prepare<[string, string], FailedCostRow>(
    `SELECT ${FAILED_COST_COLUMNS}
       FROM campaign_batches b
       JOIN history_sends s ON s.profile = ? AND s.id = b.send_id
       JOIN history_numbers n ON n.send_seq = s.seq AND n.first_of_phone = 1
      WHERE b.campaign_id = ? AND b.state = 'accepted' AND n.outcome = 'failed'`,
  );
  const progress = db.prepare<
    [string, string],
    { send: number; at: string; delivered: number; failed: number }
  >(
    `SELECT p.send_seq AS send, p.at, p.delivered, p.failed
       FROM campaign_batches b
       JOIN history_sends s ON s.profile = ? AND s.id = b.send_id
       JOIN history_progress p ON p.send_seq = s.seq
      WHERE b.campaign_id = ? AND b.state = 'accepted'
      ORDER BY p.send_seq, p.at`,
  );
  // Accepted since `since` and not seen done: the background refresh follows them.
  const unfinished = db
    .prepare<[string, string, number], string>(
      `SELECT b.send_id FROM campaign_batches b
         JOIN campaigns c ON c.id = b.campaign_id AND c.profile = ?
         LEFT JOIN history_sends s ON s.profile = c.profile AND s.id = b.send_id
        WHERE b.state = 'accepted' AND b.accepted_at >= ? AND (s.done IS NULL OR s.done = 0)
        ORDER BY b.accepted_at DESC LIMIT ?`,
    )
    .pluck();
  const campaignsOf = db
    .prepare<[string, string], string>(
      `SELECT DISTINCT c.id FROM campaign_batches b JOIN campaigns c ON c.id = b.campaign_id AND c.profile = ?
        WHERE b.send_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const contactsNamed = db.prepare<[string, string], { id: string; phone: string; deleted: 0 | 1 }>(
    `SELECT id, phone, deleted_at IS NOT NULL AS deleted FROM contacts
      WHERE profile = ? AND sort_key LIKE '%' || ? || '%' ESCAPE '\\'`,
  );
  const oneRow = db.prepare(
    `${ROW} WHERE m.campaign_id = @campaign AND m.batch = @batch AND m.position = @position`,
  );
  const rowsAfter = db.prepare(
    `${ROW} WHERE m.campaign_id = @campaign AND (m.batch, m.position) > (@batch, @position)
      ORDER BY m.batch, m.position LIMIT @limit`,
  );

  // One pair of statements (page of keys, count) per kind of filter.
  const keyStatements = new Map<string, { page: Statement; count: Statement }>();
  function keysOf(withStatus: boolean, search: Search['kind']) {
    const cacheKey = `${withStatus}:${search}`;
    let statements = keyStatements.get(cacheKey);
    if (!statements) {
      const where = ['m.campaign_id = @campaign'];
      if (search === 'digits') where.push(`m.phone LIKE '%' || @digits || '%'`);
      if (search === 'name') {
        where.push(
          '(m.contact_id IN (SELECT value FROM json_each(@ids)) OR m.phone IN (SELECT value FROM json_each(@phones)))',
        );
      }
      if (withStatus) where.push(`${STATUS} = @status`);
      const keys = `SELECT m.batch, m.position FROM campaign_messages m ${withStatus ? TO_NUMBER : ''}
                     WHERE ${where.join(' AND ')}`;
      statements = {
        page: db.prepare(`${keys} ORDER BY m.batch, m.position LIMIT @limit OFFSET @offset`),
        count: db.prepare(`SELECT count(*) FROM (${keys})`).pluck(),
      };
      keyStatements.set(cacheKey, statements);
    }
    return statements;
  }

  /**
   * Messages by status. Delivered, failed and in progress are the service's
   * own counts (each accepted batch's send summary, as last read): a batch not
   * read yet is all in progress. Waiting and not sent are the outbox's.
   */
  function statusCounts(profile: string, campaignId: string): Record<CampaignNumberStatus, number> {
    const counts = { delivered: 0, failed: 0, in_progress: 0, waiting: 0, not_sent: 0 };
    let accepted = 0;
    for (const b of batches.all(profile, campaignId)) {
      if (b.state === 'accepted') {
        accepted += b.messages;
        counts.delivered += b.delivered ?? 0;
        counts.failed += b.failed ?? 0;
      } else if (b.state === 'queued' || b.state === 'sending') counts.waiting += b.messages;
      else counts.not_sent += b.messages;
    }
    counts.in_progress = Math.max(0, accepted - counts.delivered - counts.failed);
    return counts;
  }

  /** The numbers under each status, as the per-number filters find them (their page totals). */
  function rowCounts(profile: string, campaignId: string): Record<CampaignNumberStatus, number> {
    const counts = { delivered: 0, failed: 0, in_progress: 0, waiting: 0, not_sent: 0 };
    let accepted = 0;
    for (const b of batches.all(profile, campaignId)) {
      if (b.state === 'accepted') accepted += b.messages;
      else if (b.state === 'queued' || b.state === 'sending') counts.waiting += b.messages;
      else counts.not_sent += b.messages;
    }
    for (const row of outcomes.all(profile, campaignId)) {
      if (row.outcome === 'delivered' || row.outcome === 'failed') counts[row.outcome] = row.n;
    }
    counts.in_progress = Math.max(0, accepted - counts.delivered - counts.failed);
    return counts;
  }

  /**
   * Whether the failed messages were charged, from the service's cost of each
   * (GET /v1/sms/{id}/show): the ones it gave no cost for (or that are
   * counted failed without a number read) are unknown.
   */
  const failedCharge = (profile: string, campaignId: string, failed: number): FailedChargeView =>
    failedChargeOf(failedCosts.get(profile, campaignId), failed);

  return {
    campaign: (profile: string, id: string): CampaignRow | undefined => campaign.get(id, profile),
    batches: (profile: string, campaignId: string): BatchRow[] => batches.all(profile, campaignId),
    statusCounts,
    failedCharge,
    progress: (profile: string, campaignId: string) => progress.all(profile, campaignId),
    unfinishedSends: (profile: string, since: string, limit: number): string[] =>
      unfinished.all(profile, since, limit),
    campaignsOf: (profile: string, sendIds: readonly string[]): string[] =>
      campaignsOf.all(profile, JSON.stringify(sendIds)),

    numbers(profile: string, campaignId: string, filter: NumberFilter, offset: number, limit: number) {
      const search = searchOf(filter.query);
      if (search.kind === 'nothing') return { rows: [], total: 0 };
      const params: Record<string, unknown> = { campaign: campaignId };
      if (filter.status !== null) Object.assign(params, { profile, status: filter.status });
      if (search.kind === 'digits') params.digits = search.digits;
      if (search.kind === 'name') {
        const found = contactsNamed.all(profile, search.name);
        if (found.length === 0) return { rows: [], total: 0 };
        params.ids = JSON.stringify(found.map((c) => c.id));
        params.phones = JSON.stringify(found.filter((c) => !c.deleted).map((c) => c.phone));
      }
      const statements = keysOf(filter.status !== null, search.kind);
      const keys = statements.page.all({ ...params, limit, offset }) as { batch: number; position: number }[];
      const rows = keys.map(
        (k) =>
          oneRow.get({
            profile,
            campaign: campaignId,
            batch: k.batch,
            position: k.position,
          }) as CampaignNumberRow,
      );
      // Without a search, the totals need no message read at all.
      let total: number;
      if (search.kind !== 'none') total = statements.count.get(params) as number;
      else if (filter.status !== null) total = rowCounts(profile, campaignId)[filter.status];
      else total = batches.all(profile, campaignId).reduce((n, b) => n + b.messages, 0);
      return { rows, total };
    },

    /** The next `limit` messages after (batch, position), in order: an export reads them a slice at a time. */
    rowsAfter(
      profile: string,
      campaignId: string,
      after: { batch: number; position: number },
      limit: number,
    ) {
      return rowsAfter.all({ profile, campaign: campaignId, ...after, limit }) as CampaignNumberRow[];
    },
  };
}

export type CampaignReportRepo = ReturnType<typeof createCampaignReportRepo>;
