/**
 * An automation's occurrence handed to the outbox: the same outbox, worker
 * and exactly-once delivery as a campaign the owner sends, with two
 * differences. Each message carries its own `schedule` (09:00 on its
 * recipient's clock), and the campaign expires when the occurrence's day is
 * over: what is not sent by then is cancelled, never sent a day late (the
 * worker does it, outbox-store.ts `expire`).
 *
 * The sending rules (issue 26) hold here as in a campaign: a blocked number
 * or one over the frequency cap gets nothing (refused with why), the
 * business name goes in front and "Como sair" at the end (the rules'
 * frame), each message's time is the rules' own
 * (scheduleFor: the recipient's clock, the window, Sundays, holidays), one
 * the rules would move past its day is refused (a birthday greeting comes
 * already moved back to the last open moment before a closed day:
 * earlierOpenMoment in shared/rules/schedule.ts), and every message handed
 * over is written to the cap's send log in the same transaction.
 *
 * Runs inside the caller's transaction (the automation records who was
 * handed over in the same one), so an occurrence is either wholly in the
 * outbox and recorded, or neither. The campaign is written straight as
 * queued: a draft row first (its `ref`, its fields as the composer writes
 * them), then its batches and messages, then its totals.
 */
import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { SmsTypeView } from '../../../shared/dto/campaigns';
import type { RuleCounts } from '../../../shared/dto/rules';
import { AppFailure } from '../../app-failure';
import type { Database } from '../../db/open-database';
import { LIMITS } from '../../api/wire';
import { costReais } from '../campaign-money';
import type { CampaignRepo } from '../campaign-repo';
import { COL, audienceQuery, recipientsSql } from '../messages/audience-sql';
import { createMessageBuilder, type RecipientRow } from '../messages/message-builder';
import { MessageTally } from '../messages/message-tally';
import { DEFAULT_OPTIONS } from '../messages/message-options';
import { createBatchTimes } from '../outbox/batch-times';
import { pricingOf } from '../pricing';
import { scheduleFor } from '../../../shared/rules/schedule';
import { capParams } from '../../rules/rules-module';
import type { CampaignRules } from '../campaigns-deps';

export interface HandOverMessage {
  contactId: string;
  /** Its own time (ms since the epoch); null: at once. */
  schedule: number | null;
}

export interface HandOverRequest {
  profile: string;
  automationId: string;
  /** The campaign's name in the history (`Aniversários · 15/03`). */
  name: string;
  template: string;
  smsTypeId: number | null;
  from: string | null;
  messages: readonly HandOverMessage[];
  /** After this the batches not sent are cancelled. */
  expiresAt: Date;
  /** The cached catalogue (null: never read; the cost is then unknown). */
  smsTypes: readonly SmsTypeView[] | null;
  at: Date;
}

/** Why a contact of the request got no message. */
export type HandOverRefusal =
  | 'left_audience'
  | 'message_too_long'
  | 'message_empty'
  /** On a block list (Procon-SP's "Não Me Ligue", or another). */
  | 'blocked'
  /** Already had the frequency cap's messages in its days. */
  | 'over_cap'
  /** The sending rules (window, Sunday, holiday) would move it past its day. */
  | 'outside_rules';

export interface HandOverResult {
  /** Null when no message was left to write (nothing was). */
  campaignId: string | null;
  handed: ReadonlySet<string>;
  refused: ReadonlyMap<string, HandOverRefusal>;
  segments: number;
  /** R$; null while no price is known. */
  cost: number | null;
}

const BATCH_SIZE = LIMITS.bulkMessagesMax;

export function createHandOver(db: Database, repo: CampaignRepo, rules: CampaignRules) {
  const times = createBatchTimes(db);
  const s = {
    openBatch: db.prepare<[string, number, number, number, number]>(
      'INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES (?, ?, ?, ?, ?)',
    ),
    message: db.prepare<[string, number, number, string, string, number, string, number | null]>(
      `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments, contact_id, schedule)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    queue: db.prepare(
      `UPDATE campaigns SET status = 'queued', queued_at = :at, updated_at = :at, recipients = :messages,
              messages = :messages, segments = :segments, unit_price = :unitPrice, cost = :cost,
              automation_id = :automationId, expires_at = :expiresAt, rule_counts = :ruleCounts
        WHERE id = :id AND status = 'draft'`,
    ),
    phoneOf: db
      .prepare<[string, string], string>(
        'SELECT phone FROM contacts WHERE profile = ? AND id = ? AND deleted_at IS NULL',
      )
      .pluck(),
    refOf: db.prepare<[string], string>('SELECT ref FROM campaigns WHERE id = ?').pluck(),
  };

  /** Why a contact asked for is not among the recipients: a sending rule, else it left the audience. */
  const leftOutBy = (profile: string, contactId: string, at: Date): HandOverRefusal => {
    const phone = s.phoneOf.get(profile, contactId);
    const exclusion = phone === undefined ? null : rules.excludedBy(profile, phone, at);
    // An opted-out number never was in the audience: the automation says so itself.
    if (!exclusion || exclusion.rule === 'opted_out') return 'left_audience';
    return exclusion.rule === 'blocked' ? 'blocked' : 'over_cap';
  };

  return (request: HandOverRequest): HandOverResult => {
    if (!db.inTransaction) throw new Error('A hand-over joins its caller’s transaction.');
    const sending = rules.rules();
    const now = request.at;
    const builder = createMessageBuilder(request.template, false, rules.frame(request.profile));
    const ids = request.messages.map((m) => m.contactId);
    // The live contacts asked for, opted-out, blocked and capped numbers left out: checked again here,
    // in the same transaction.
    const rows = new Map<string, RecipientRow>();
    const query = audienceQuery(
      request.profile,
      { listIds: [], segmentIds: [], contactIds: ids },
      null,
      capParams(sending, now),
    );
    const sql = recipientsSql(query, builder.extraColumns, builder.usesEmail, false);
    for (const row of db.prepare(sql).raw().iterate(query.params))
      rows.set((row as RecipientRow)[COL.id] as string, row as RecipientRow);

    const refused = new Map<string, HandOverRefusal>();
    const counts: RuleCounts = {
      excluded: { blocked: 0, cap: 0 },
      moved: { window: 0, holiday: 0, sunday: 0 },
    };
    const tally = new MessageTally();
    const out: { row: RecipientRow; text: string; segments: number; schedule: number | null }[] = [];
    for (const m of request.messages) {
      const row = rows.get(m.contactId);
      if (!row) {
        refused.set(m.contactId, leftOutBy(request.profile, m.contactId, now));
        continue;
      }
      const phone = row[COL.phone] as string;
      const wanted =
        m.schedule === null
          ? ({ kind: 'now' } as const)
          : { kind: 'instant' as const, at: new Date(m.schedule) };
      const time = scheduleFor({ phone, zone: row[COL.zone] as string | null }, wanted, sending, now);
      if (time.at.getTime() >= request.expiresAt.getTime()) {
        refused.set(m.contactId, 'outside_rules');
        continue;
      }
      const text = builder.fromRow(row);
      const segments = tally.add(text, row);
      if (segments === 0) refused.set(m.contactId, text.trim() === '' ? 'message_empty' : 'message_too_long');
      else {
        if (time.moved) counts.moved[time.moved]++;
        const schedule = m.schedule === null && time.moved === null ? null : time.at.getTime();
        out.push({ row, text, segments, schedule });
      }
    }
    for (const why of refused.values()) {
      if (why === 'blocked') counts.excluded.blocked++;
      else if (why === 'over_cap') counts.excluded.cap++;
    }
    const pricing = pricingOf(request.smsTypes, request.smsTypeId);
    const unitMicro = pricing.unknownType ? null : pricing.unitMicro;
    const handed = new Set(out.map((m) => m.row[COL.id] as string));
    const segments = out.reduce((sum, m) => sum + m.segments, 0);
    const cost = unitMicro === null ? null : costReais(segments, unitMicro);
    if (out.length === 0) return { campaignId: null, handed, refused, segments: 0, cost };
    if (pricing.unknownType) {
      // The template names a type the service no longer offers: sent with the default one instead.
      request = { ...request, smsTypeId: null };
    }

    const at = request.at.toISOString();
    const campaignId = repo.insert(
      request.profile,
      {
        name: request.name,
        template: request.template,
        audience: { listIds: [], segmentIds: [], contactIds: [...handed] },
        options: { ...DEFAULT_OPTIONS, smsTypeId: request.smsTypeId, from: request.from },
        allowPartial: false,
      },
      at,
    );
    for (let first = 0, batch = 0; first < out.length; first += BATCH_SIZE, batch++) {
      const part = out.slice(first, first + BATCH_SIZE);
      const batchSegments = part.reduce((sum, m) => sum + m.segments, 0);
      s.openBatch.run(
        campaignId,
        batch,
        part.length,
        batchSegments,
        unitMicro === null ? 0 : costReais(batchSegments, unitMicro),
      );
      part.forEach((m, position) =>
        s.message.run(
          campaignId,
          batch,
          position,
          m.row[COL.phone] as string,
          m.text,
          m.segments,
          m.row[COL.id] as string,
          m.schedule,
        ),
      );
    }
    // Each batch waits in the outbox until its first message's time (the last moment decides who gets it).
    times.timeCampaign(campaignId);
    // Logged for the cap with the campaigns' own origin (c<ref>): unsent ones are forgotten alike.
    const log = rules.sendLog.writer(request.profile, `c${s.refOf.get(campaignId)!}`, now);
    for (const m of out) log.add(m.row[COL.phone] as string, m.schedule ?? now.getTime());
    log.finish();
    const queued = s.queue.run({
      id: campaignId,
      at,
      messages: out.length,
      segments,
      unitPrice: pricing.type && unitMicro !== null ? pricing.type.unitPrice : null,
      cost,
      automationId: request.automationId,
      expiresAt: request.expiresAt.toISOString(),
      // Timed by the rules (a message whose time passed while it waited is timed again as its batch leaves).
      ruleCounts: JSON.stringify(counts),
    });
    if (queued.changes !== 1)
      throw new AppFailure(APP_ERROR_CODES.internal, 'The hand-over could not queue its campaign.');
    return { campaignId, handed, refused, segments, cost };
  };
}

export type HandOver = ReturnType<typeof createHandOver>;
