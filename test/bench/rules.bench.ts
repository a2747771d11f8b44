/**
 * `npm run bench:rules` (prints figures; not a test): what the sending rules
 * cost a campaign's freeze, beside the floor in the same run.
 *
 * For each size (BENCH_SIZES, default 100,000 and 1,000,000 contacts), in a
 * fresh data folder: generated contacts from every DDD (so all four of
 * Brazil's zones; 1% of DDD 81 and 97 with a zone of their own, as the
 * contact drawer sets it) in one list; a Procon-SP block list of 20,000
 * numbers (half of them the book's DDD 11-19 numbers, half unknown to it);
 * the frequency cap on at 4 per 7 days, with a send log where 30% of the
 * contacts had 1 to 5 messages this week. Then, on the same file:
 *
 * 1. rules: the freeze's audience SELECT (campaigns/messages/audience-sql.ts,
 *    opt-outs, landlines, the block list and the cap in it) walked in name
 *    order, each row timed by the rules on its recipient's own clock
 *    (MessageTimes: scheduleFor, window, Sundays, holidays), as freeze.ts
 *    does before writing the outbox;
 * 2. rules, SQL only: the same SELECT walked, nothing done per row;
 * 3. floor: the same SELECT without the rule conditions (no block list, no
 *    cap), walked by SQLite alone.
 *
 * Median of BENCH_RUNS (default 5) after a warm-up, the three taking turns in each run. BENCH_SIZES=100000 runs one size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase, type Database } from '@core/db/open-database';
import { audienceQuery, BLOCKED, CAPPED, COL, recipientsSql } from '@core/campaigns/messages/audience-sql';
import { MessageTimes } from '@core/campaigns/composer/message-times';
import { capParams } from '@core/rules/rules-module';
import { DEFAULT_RULES, type SendingRules } from '@shared/rules/sending-rules';
import { generateContacts, random } from './contact-data';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 5));
const BLOCKED_NUMBERS = 20_000;
const DAY_MS = 86_400_000;
const PROFILE = 'default';
const RULES: SendingRules = { ...DEFAULT_RULES, cap: { on: true, messages: 4, days: 7 } };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Each work's median of RUNS, the works taking turns within each run (after
 * one warm-up of each: the statements prepared, the pages in the cache), so
 * a busy moment of the shared machine falls on all of them alike.
 */
function timedTogether<T extends unknown[]>(works: { [K in keyof T]: () => T[K] }): {
  [K in keyof T]: { ms: number; value: T[K] };
} {
  const values = works.map((work) => work());
  const times = works.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++)
    works.forEach((work, w) => {
      const t = performance.now();
      values[w] = work();
      times[w]!.push(performance.now() - t);
    });
  return works.map((_, w) => ({ ms: median(times[w]!), value: values[w] })) as never;
}
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(11);

/** The book, its list, the Procon-SP list and the send log; the list's id. */
function load(db: Database, size: number, now: number): string {
  const repo = createContactsRepo(db);
  const list = repo.createList(PROFILE, 'Todos');
  const rows = generateContacts(size, 1);
  for (let i = 0; i < rows.length; i += 50_000)
    repo.upsertMany(PROFILE, rows.slice(i, i + 50_000), 'skip', list.id);
  const rnd = random(26);
  const phones = db.prepare('SELECT phone FROM contacts WHERE profile = ?').pluck().all(PROFILE) as string[];
  db.transaction(() => {
    const own = db.prepare(
      "UPDATE contacts SET time_zone = 'America/Noronha' WHERE profile = ? AND phone = ?",
    );
    for (const p of phones) if (/^\+55(81|97)/.test(p) && rnd() < 0.01) own.run(PROFILE, p);

    db.prepare(
      "INSERT INTO block_lists (profile, id, kind, file_name, numbers, updated_at) VALUES (?, 'procon-sp', 'procon-sp', 'naomeligue.csv', ?, ?)",
    ).run(PROFILE, BLOCKED_NUMBERS, new Date(now).toISOString());
    const block = db.prepare(
      "INSERT OR IGNORE INTO blocked_numbers (profile, phone, list_id) VALUES (?, ?, 'procon-sp')",
    );
    const sp = phones.filter((p) => /^\+551\d/.test(p));
    for (let i = 0; i < BLOCKED_NUMBERS / 2 && i < sp.length; i++)
      block.run(PROFILE, sp[(i * 7) % sp.length]!);
    for (let i = 0; i < BLOCKED_NUMBERS / 2; i++) block.run(PROFILE, `+5511${String(900000000 + i * 13)}`);

    const log = db.prepare(
      "INSERT OR IGNORE INTO send_log (profile, phone, at, origin) VALUES (?, ?, ?, 'cbench')",
    );
    for (const p of phones) {
      if (rnd() >= 0.3) continue;
      const messages = 1 + Math.floor(rnd() * 5);
      for (let k = 0; k < messages; k++) log.run(PROFILE, p, now - Math.floor(rnd() * 7 * DAY_MS));
    }
  })();
  db.exec('ANALYZE');
  return list.id;
}

function runSize(size: number): void {
  const dir = mkdtempSync(join(tmpdir(), 'torpedo-bench-rules-'));
  try {
    const db = openDatabase(join(dir, DATABASE_FILE));
    const now = new Date();
    const t0 = performance.now();
    const listId = load(db, size, now.getTime());
    console.log(
      `\n${size.toLocaleString('en')} contacts loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const q = audienceQuery(
      PROFILE,
      { listIds: [listId], segmentIds: [], contactIds: [] },
      null,
      capParams(RULES, now),
    );
    const withRules = db.prepare(recipientsSql(q, [], false)).raw();
    const floorSql = recipientsSql(q, [], false).replace(` AND NOT ${BLOCKED} AND NOT ${CAPPED}`, '');
    if (floorSql === recipientsSql(q, [], false)) throw new Error('The floor still has the rules in it.');
    const floor = db.prepare(floorSql).raw();

    const [rules, sqlOnly, bare] = timedTogether<[{ n: number; moved: object }, number, number]>([
      () => {
        const times = new MessageTimes(null, RULES, now);
        let n = 0;
        for (const row of withRules.iterate(q.params) as Iterable<unknown[]>) {
          times.add(row[COL.phone] as string, row[COL.zone] as string | null);
          n++;
        }
        return { n, moved: times.moved };
      },
      () => {
        let n = 0;
        for (const _ of withRules.iterate(q.params)) n++;
        return n;
      },
      () => {
        let n = 0;
        for (const _ of floor.iterate(q.params)) n++;
        return n;
      },
    ]);
    const left = bare.value - rules.value.n;
    console.log(
      `recipients ${rules.value.n.toLocaleString('en')} of ${bare.value.toLocaleString('en')} ` +
        `(${left.toLocaleString('en')} left out by the block list and the cap); moved now: ` +
        JSON.stringify(rules.value.moved),
    );
    console.log(
      `  rules (SELECT + scheduleFor per recipient) ${ms(rules.ms)}  ${(rules.ms / bare.ms).toFixed(2)}x floor`,
    );
    console.log(
      `  rules, SQL only                            ${ms(sqlOnly.ms)}  ${(sqlOnly.ms / bare.ms).toFixed(2)}x floor`,
    );
    console.log(`  floor (same SELECT, no rule conditions)    ${ms(bare.ms)}`);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`bench:rules, ${RUNS} runs each (median), load ${loadavg()[0]!.toFixed(2)} on the machine`);
for (const size of SIZES) runSize(size);
