/**
 * Every recipient's message of a draft, in recipient order, and what they
 * add up to: segments, encodings, the longest, and the ones the service
 * would refuse (over 1600 characters, or empty after merging). The estimate
 * reads it; the freeze writes the outbox from the same walk.
 */
import { MESSAGE_MAX_CHARS } from '../../../shared/contract/campaigns';
import { countParts, type PartCount, type SmsEncoding } from '../../../shared/sms-segments';
import type { Database } from '../../db/open-database';
import { COL, recipientsSql, type AudienceQuery } from './audience-sql';
import type { MessageBuilder, RecipientRow } from './message-builder';

/** Who a refused message is for, to name in the error. */
export interface RecipientRef {
  name: string;
  phone: string;
}

export class MessageTally {
  recipients = 0;
  segments = 0;
  maxSegments = 0;
  encodings: Record<SmsEncoding, number> = { 'GSM-7': 0, 'UCS-2': 0 };
  tooLong = 0;
  firstTooLong: RecipientRef | null = null;
  empty = 0;
  firstEmpty: RecipientRef | null = null;
  /** The longest message of those that take `maxSegments`, as it goes out: the worst case the checker shows. */
  worst: string | null = null;
  private lastText = '';
  private lastCount: PartCount = { encoding: 'GSM-7', segments: 0 };

  /**
   * Counts one message; returns its segments, or 0 when the service would
   * refuse it. `sent` is the text as it will go out when it differs from
   * the one kept (a tracked campaign's, with short addresses): the parts
   * are counted on it, and neither may pass the limit.
   */
  add(text: string, row: RecipientRow, sent: string = text): number {
    this.recipients++;
    if (text.length > MESSAGE_MAX_CHARS || sent.length > MESSAGE_MAX_CHARS) {
      this.tooLong++;
      this.firstTooLong ??= refOf(row);
    } else if (text.trim() === '') {
      this.empty++;
      this.firstEmpty ??= refOf(row);
      return 0;
    }
    // A text without fields is the same for everyone: counted once, not 100,000 times.
    if (sent !== this.lastText) {
      this.lastText = sent;
      this.lastCount = countParts(sent);
    }
    const count = this.lastCount;
    this.segments += count.segments;
    this.encodings[count.encoding]++;
    if (count.segments > this.maxSegments) this.maxSegments = count.segments;
    if (count.segments === this.maxSegments && sent.length > (this.worst?.length ?? -1)) this.worst = sent;
    return text.length > MESSAGE_MAX_CHARS || sent.length > MESSAGE_MAX_CHARS ? 0 : count.segments;
  }

  /** Every message can be sent. */
  get sendable(): boolean {
    return this.tooLong === 0 && this.empty === 0;
  }
}

const refOf = (row: RecipientRow): RecipientRef => ({
  name: row[COL.name] as string,
  phone: row[COL.phone] as string,
});

/**
 * Walks the recipients of an audience (its `params`) on `db`, building each message: in
 * recipient order unless `ordered` is false. Rows stream from SQLite one at
 * a time: nothing the size of the audience is held in memory. `db` must not
 * be written while this runs (better-sqlite3 allows no other statement on a
 * connection while one iterates).
 */
export function forEachMessage(
  db: Database,
  audience: AudienceQuery,
  builder: MessageBuilder,
  visit: (row: RecipientRow, text: string) => void,
  ordered = true,
): void {
  const statement = db
    .prepare(recipientsSql(audience, builder.extraColumns, builder.usesEmail, ordered))
    .raw();
  for (const row of statement.iterate(audience.params) as IterableIterator<RecipientRow>) {
    visit(row, builder.fromRow(row));
  }
}

/**
 * The tally of a whole audience (the estimate). Its sums do not depend on the
 * order, so the rows come unsorted (which recipient is "first" too long is
 * the freeze's to name, from its ordered walk).
 */
export function tallyMessages(
  db: Database,
  audience: AudienceQuery,
  builder: MessageBuilder,
  sent: (text: string) => string = (text) => text,
  /** Also shown each recipient row (the estimate times each message with it). */
  also: (row: RecipientRow) => void = () => undefined,
): MessageTally {
  const tally = new MessageTally();
  forEachMessage(
    db,
    audience,
    builder,
    (row, text) => {
      tally.add(text, row, sent(text));
      also(row);
    },
    false,
  );
  return tally;
}
