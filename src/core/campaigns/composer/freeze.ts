/**
 * `campaigns:send` = the freeze: the draft becomes a queued campaign and
 * its outbox, in ONE SQLite transaction, so a campaign is either wholly
 * queued or still a draft (a crash, a refused message or a full disk midway
 * leaves the draft as it was). Nothing here calls the service: it works
 * offline, priced with the last SMS-type catalogue read (unknown price when
 * none was ever read: cost null). The worker delivers the outbox.
 *
 * The sending rules apply here: a blocked number or a person over the
 * frequency cap is no recipient (audience-sql.ts), each message gets its own
 * time on its recipient's clock (message-times.ts), the business's name is
 * put in front of it, and every message is written to the send log the cap
 * counts, all in the same transaction.
 *
 * The recipients are read on a second, read-only connection while this one
 * writes: better-sqlite3 runs no statement on a connection that is iterating,
 * and the alternatives cost more (holding 100,000 rows in memory, or copying
 * them to a temporary table first). The read starts inside the write
 * transaction, which holds the write lock, so it sees exactly the contacts
 * as they are when the campaign is frozen.
 */
import { installPhoneHashFunction } from '../../db/suppressed-function';
import { blockedTotal } from '../../../shared/rules/block-list-kinds';
import Sqlite from 'better-sqlite3';
import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { SmsTypeView } from '../../../shared/dto/campaigns';
import type { RuleCounts } from '../../../shared/dto/rules';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import { MESSAGE_MAX_CHARS } from '../../../shared/contract/campaigns';
import { AppFailure } from '../../app-failure';
import type { Database } from '../../db/open-database';
import { COL, type AudienceQuery } from '../messages/audience-sql';
import { createAudience } from './audience';
import type { CampaignRules } from '../campaigns-deps';
import { MessageTimes } from './message-times';
import { draftFieldFailure, notDraft, templateFieldFailure } from '../campaign-errors';
import { costReais } from '../campaign-money';
import type { CampaignRecord, CampaignRepo } from '../campaign-repo';
import { FreezeWriter, prepareFreezeStatements } from './freeze-writer';
import { createMessageBuilder } from '../messages/message-builder';
import type { MessageFrame } from '../../../shared/rules/message-frame';
import { forEachMessage, MessageTally, type RecipientRef } from '../messages/message-tally';
import { pricingOf } from '../pricing';
import { countingWith, type TrackedCounting } from './tracked-links';
import type { ShortLength } from '../../links/links-module';
import type { ContactBook } from './contact-book';

export interface FreezeRequest {
  profile: string;
  id: string;
  /** Overrides the draft's choice when given. */
  allowPartial?: boolean;
  /** The cached catalogue (null: never read). */
  smsTypes: readonly SmsTypeView[] | null;
  /** How long a tracked campaign's short addresses are counted (null: it shortens nothing). */
  shortLength: ShortLength | null;
  /** The sending rules, as they are now. */
  rules: SendingRules;
  /** What the rules put around every message now (the business name, "Como sair"). */
  frame: MessageFrame;
  /** The draft's audience as it is queried now (its segments compiled with today's date). */
  audience: (campaign: CampaignRecord) => AudienceQuery;
  at: Date;
}

const who = (r: RecipientRef) => (r.name.trim() ? `${r.name.trim()}, ${r.phone}` : r.phone);

function refused(tally: MessageTally): AppFailure {
  if (tally.tooLong > 0) {
    const first = who(tally.firstTooLong!);
    return new AppFailure(
      APP_ERROR_CODES.messageTooLong,
      `${tally.tooLong} message(s) would be longer than ${MESSAGE_MAX_CHARS} characters after merging ` +
        `(the first for ${first}). Shorten the text or the fields it uses.`,
      { params: { count: tally.tooLong, first, max: MESSAGE_MAX_CHARS } },
    );
  }
  const first = who(tally.firstEmpty!);
  const message =
    `${tally.empty} message(s) would be empty after merging (the first for ${first}). ` +
    'Add some text, or a fallback such as {{nome|Cliente}}.';
  return new AppFailure(APP_ERROR_CODES.invalidInput, message, {
    fields: [{ field: 'template', message }],
    reason: 'empty_message',
    params: { count: tally.empty, first },
  });
}

export function createFreezer(
  db: Database,
  dbFile: string,
  repo: CampaignRepo,
  book: ContactBook,
  /** Writes a tracked campaign's addresses, for the worker to make their links (inside this transaction). */
  recordLinks: (campaignId: string, links: TrackedCounting['links']) => void,
  sendLog: CampaignRules['sendLog'],
) {
  const statements = prepareFreezeStatements(db);
  const queue = db.prepare(
    `UPDATE campaigns SET status = 'queued', queued_at = :at, updated_at = :at, hold = NULL,
            recipients = :recipients, messages = :messages, segments = :segments,
            unit_price = :unitPrice, cost = :cost, allow_partial = :allowPartial, rule_counts = :ruleCounts
      WHERE id = :id AND profile = :profile AND status = 'draft'`,
  );

  return (request: FreezeRequest): void => {
    const reader = new Sqlite(dbFile, { readonly: true, fileMustExist: true });
    try {
      reader.pragma('busy_timeout = 5000');
      // The audience's SQL recognises erased people's numbers by their hash (rules' suppressedSql).
      installPhoneHashFunction(reader);
      db.transaction(() => {
        const campaign = repo.find(request.profile, request.id);
        if (campaign.status !== 'draft') throw notDraft();
        if (campaign.template.trim() === '') {
          throw draftFieldFailure('template', 'Write the message first.', 'empty_template');
        }
        const pricing = pricingOf(request.smsTypes, campaign.options.smsTypeId);
        if (pricing.unknownType) {
          throw draftFieldFailure(
            'options.smsTypeId',
            'This SMS type is no longer offered: choose another.',
            'unknown_sms_type',
          );
        }

        const { rules, at: now } = request;
        const builder = createMessageBuilder(campaign.template, campaign.options.plainLetters, request.frame);
        if (builder.unclosed[0]) throw templateFieldFailure(builder.unclosed[0]);
        const tally = new MessageTally();
        const writer = new FreezeWriter(statements, campaign.id, pricing.unitMicro);
        const times = new MessageTimes(campaign.options.scheduleAt, rules, now);
        const log = sendLog.writer(campaign.profile, `c${campaign.ref}`, now);
        // From the campaign as it is now, inside the transaction (an autosave may have changed the text).
        const counting = countingWith(campaign, request.shortLength);
        const { sent } = counting;
        const query = request.audience(campaign);
        // Who the rules leave out, read on the same snapshot as the recipients.
        const left = createAudience(reader).counts(query);
        forEachMessage(reader, query, builder, (row, text) => {
          const segments = tally.add(text, row, sent(text));
          // After the first refused message nothing more is written: the whole freeze rolls back.
          if (!tally.sendable) return;
          const phone = row[COL.phone] as string;
          const zone = row[COL.zone] as string | null;
          const time = times.add(phone, zone);
          writer.add(phone, text, segments, row[COL.id] as string, zone, time.schedule);
          log.add(phone, time.at);
        });
        if (tally.recipients === 0) {
          throw new AppFailure(
            APP_ERROR_CODES.noRecipients,
            'Nobody to send to: choose a list or contacts (opted-out and blocked numbers, and people over the frequency cap, are left out).',
          );
        }
        if (!tally.sendable) throw refused(tally);
        // What the checker shows as an error, the send refuses (shared/template-check.ts).
        const problem = builder.check((key) => book.hasField(campaign.profile, key)).problems[0];
        if (problem) throw templateFieldFailure(problem);
        writer.finish();
        log.finish();
        recordLinks(campaign.id, counting.links);
        const ruleCounts: RuleCounts = {
          excluded: { blocked: blockedTotal(left.blocked), cap: left.capped },
          moved: times.moved,
        };

        const at = request.at.toISOString();
        queue.run({
          id: campaign.id,
          profile: campaign.profile,
          at,
          recipients: tally.recipients,
          messages: tally.recipients,
          segments: tally.segments,
          unitPrice: pricing.type && pricing.unitMicro !== null ? pricing.type.unitPrice : null,
          cost: pricing.unitMicro === null ? null : costReais(tally.segments, pricing.unitMicro),
          allowPartial: (request.allowPartial ?? campaign.allowPartial) ? 1 : 0,
          ruleCounts: JSON.stringify(ruleCounts),
        });
      }).immediate();
    } finally {
      reader.close();
    }
  };
}
