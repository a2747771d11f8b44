/**
 * `npm run bench:campaign`'s freeze floor (issue 34): the recipients of a
 * frozen campaign rendered and inserted into the outbox's tables by SQLite
 * alone, with no JavaScript per recipient, in one transaction with the
 * app's settings (WAL, synchronous FULL), on the same data folder. What
 * writing the outbox costs at least; the freeze (`campaigns:send`) against
 * it is the ratio.
 *
 * One INSERT renders every message (the campaign's template, `{{nome}}`
 * replaced by the contact's name; the sending rules' fixed prefix and
 * suffix cost every row the same and are left out) from the campaign's
 * lists, live mobile contacts not opted out, in contact order, 5000 to a
 * batch, with its segment count (UCS-2's 70, then 67 a part: the bench's
 * template has an "á"); a second makes the batches from them, counted and
 * costed. The floor's campaign is a copy of the frozen one, deleted with its
 * outbox once timed, so the next run finds the folder as it was.
 */
import { join } from 'node:path';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';

const BATCH = 5000;
const FLOOR_ID = 'bench-freeze-floor';
const RUNS = 3;

const RENDERED = `
  INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments, contact_id)
  SELECT @floor, n / ${BATCH}, n % ${BATCH}, phone, message,
    CASE WHEN length(message) <= 70 THEN 1 ELSE (length(message) + 66) / 67 END, id
  FROM (
    SELECT c.id, c.phone, replace(k.template, '{{nome}}', c.name) AS message,
      row_number() OVER (ORDER BY c.seq) - 1 AS n
    FROM campaigns k
    CROSS JOIN json_each(k.audience, '$.listIds') l
    JOIN contact_lists cl ON cl.list_id = l.value
    JOIN contacts c ON c.id = cl.contact_id
    WHERE k.id = @frozen AND c.deleted_at IS NULL AND c.landline = 0
      AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = c.profile AND o.phone = c.phone)
  )`;

const BATCHES = `
  INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost)
  SELECT @floor, batch, count(*), sum(segments), sum(segments) * coalesce(
    (SELECT unit_price FROM campaigns WHERE id = @frozen), 0)
  FROM campaign_messages WHERE campaign_id = @floor GROUP BY batch`;

export interface FreezeFloor {
  /** Best of RUNS, the transaction from BEGIN to COMMIT. */
  ms: number;
  /** Messages the floor wrote, and the frozen campaign has: they should be the same. */
  messages: number;
  frozenMessages: number;
}

/** The floor for `frozenId` (a campaign the bench froze in `dataDir`). */
export function freezeFloor(dataDir: string, frozenId: string): FreezeFloor {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    const columns = (db.pragma('table_info(campaigns)') as { name: string }[]).map((c) => c.name);
    // The frozen campaign's row, under another id and ref: what the outbox's foreign keys need.
    const copied = columns.map((c) => (c === 'id' ? '@floor' : c === 'ref' ? "ref || '-floor'" : c));
    const copy = db.prepare(
      `INSERT INTO campaigns (${columns.join(', ')}) SELECT ${copied.join(', ')} FROM campaigns WHERE id = @frozen`,
    );
    const rendered = db.prepare(RENDERED);
    const batches = db.prepare(BATCHES);
    const drop = db.prepare('DELETE FROM campaigns WHERE id = ?');
    const names = { floor: FLOOR_ID, frozen: frozenId };
    const times: number[] = [];
    let messages = 0;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      db.exec('BEGIN IMMEDIATE');
      try {
        copy.run(names);
        // The messages come before their batches (made from them): their foreign key is checked at COMMIT.
        db.pragma('defer_foreign_keys = ON');
        messages = rendered.run(names).changes;
        batches.run(names);
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
      times.push(performance.now() - start);
      drop.run(FLOOR_ID);
    }
    const frozenMessages = db
      .prepare<[string], number>('SELECT count(*) FROM campaign_messages WHERE campaign_id = ?')
      .pluck()
      .get(frozenId)!;
    return { ms: Math.min(...times), messages, frozenMessages };
  } finally {
    db.close();
  }
}
