/**
 * `npm run bench:automations` (prints figures; not a test): the automations
 * over 1,000,000 contacts with birthdays, each figure beside its floor, the
 * same days counted by one indexed SQL statement in the same run.
 *
 * A fresh data folder gets BENCH_CONTACTS contacts (1,000,000 by default),
 * each with a birthday spread over the year (29/02 included), written with
 * SQL as an import leaves them. The real core (local only, as the CLI opens
 * it, on a clock the bench sets) gets a template and a birthday automation
 * for everyone through its dispatch, then:
 *
 * - the daily round (`automations:run`): a first round prepares the week
 *   ahead; the clock moves one day and the next round works out the new
 *   day's occurrence (its audience read, opt-outs and once-per-year checked,
 *   its recipients written) and hands over what falls within 36 hours. Target
 *   1 s; floor: `count(*)` of the contacts whose birthday is that day.
 * - the 30-day forecast (`automations:forecast`): target 1 s; floor: the
 *   contacts per birthday of those 30 days, one GROUP BY.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCliHost } from '../../src/cli/cli-host';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase, type Database } from '@core/db/open-database';
import type { Result } from '@shared/app-error';
import type { ChannelName, InputOf, OutputOf } from '@shared/ipc-contract';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7));
const TARGET_MS = 1_000;
const PROFILE = 'default';
/** 10/03/2027 12:00 UTC (09:00 in Brasília): the day the bench's clock starts on. */
const START = Date.parse('2027-03-10T12:00:00Z');
const DAY_MS = 86_400_000;

/** month × 100 + day for each day of a leap year: a contact's birthday by its number. */
const DAYS_OF_YEAR: number[] = [];
for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2025, 0, 1); at += DAY_MS) {
  const d = new Date(at);
  DAYS_OF_YEAR.push((d.getUTCMonth() + 1) * 100 + d.getUTCDate());
}

function seedContacts(db: Database): void {
  const insert = db.prepare(
    `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at, birth_md, birth_year)
     SELECT value ->> 0, ?, value ->> 1, value ->> 1, value ->> 2, '{}', ?, ?, value ->> 3, value ->> 4
     FROM json_each(?)`,
  );
  const at = new Date(START - 30 * DAY_MS).toISOString();
  const CHUNK = 10_000;
  db.transaction(() => {
    for (let start = 0; start < CONTACTS; start += CHUNK) {
      const rows = [];
      for (let i = start; i < Math.min(CONTACTS, start + CHUNK); i++) {
        rows.push([
          `bench-${i}`,
          `cliente ${i}`,
          `+5511${String(900_000_000 + i)}`,
          DAYS_OF_YEAR[(i * 7919) % DAYS_OF_YEAR.length],
          i % 5 === 0 ? null : 1950 + (i % 60),
        ]);
      }
      insert.run(PROFILE, at, at, JSON.stringify(rows));
    }
  })();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timed<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
}

async function timedAsync<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const line = (label: string, ms: number, floor: number) =>
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  (target ${TARGET_MS} ms: ${ms <= TARGET_MS ? 'met' : 'MISSED'})` +
      `   floor (SQL count) ${floor.toFixed(1).padStart(6)} ms  ×${(ms / floor).toFixed(0)}`,
  );

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'torpedo-bench-automations-'));
  try {
    const seeding = openDatabase(join(dataDir, DATABASE_FILE));
    const [, seedMs] = timed(() => seedContacts(seeding));
    seeding.close();
    console.log(
      `seeded ${CONTACTS.toLocaleString('en')} contacts with birthdays in ${(seedMs / 1000).toFixed(1)} s`,
    );

    let now = START;
    const core = await createCore({
      dataDir,
      host: createCliHost(() => undefined),
      secretStore: null,
      localOnly: true,
      background: false,
      now: () => new Date(now),
    });
    const call = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
      const result: Result<unknown> = await core.dispatch(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
      return result.value as OutputOf<C>;
    };
    const template = await call('templates:create', {
      name: 'Aniversário',
      text: 'Feliz aniversário, {{nome}}!',
    });
    const automation = await call('automations:create', {
      templateId: template.id,
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });

    const db = openDatabase(join(dataDir, DATABASE_FILE));
    const countDay = db
      .prepare<[string, number], number>(
        'SELECT count(*) FROM contacts WHERE profile = ? AND birth_md = ? AND deleted_at IS NULL',
      )
      .pluck();
    const countDays = db.prepare<[string, string]>(
      `SELECT birth_md, count(*) FROM contacts WHERE profile = ? AND deleted_at IS NULL
       AND birth_md IN (SELECT value FROM json_each(?)) GROUP BY birth_md`,
    );
    const mdOf = (at: number) => {
      const d = new Date(at - 3 * 3_600_000);
      return (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    };

    // The first round prepares the week ahead (what a first start does); then one round a day.
    const [first, firstMs] = await timedAsync(() => call('automations:run', {}));
    console.log(
      `first round (the week ahead prepared)         ${firstMs.toFixed(0).padStart(6)} ms  (handed over ${first.handedOver}, ${first.messages} messages)`,
    );
    const rounds: number[] = [];
    const floors: number[] = [];
    let last = first;
    for (let i = 0; i < RUNS; i++) {
      now += DAY_MS;
      const [result, ms] = await timedAsync(() => call('automations:run', {}));
      rounds.push(ms);
      last = result;
      // The day the round worked out: the one entering the week prepared ahead.
      floors.push(timed(() => countDay.get(PROFILE, mdOf(now + 7 * DAY_MS)))[1]);
    }
    console.log(
      `  each day's round: handed over ${last.handedOver} occurrence(s), ${last.messages} messages`,
    );
    line(
      `a day's round over ${CONTACTS.toLocaleString('en')} (median of ${RUNS})`,
      median(rounds),
      median(floors),
    );
    console.log(`  worst round ${Math.max(...rounds).toFixed(0)} ms`);

    const forecasts: number[] = [];
    const forecastFloors: number[] = [];
    let view: OutputOf<'automations:forecast'> | null = null;
    let counted = 0;
    for (let i = 0; i < RUNS; i++) {
      const [v, ms] = await timedAsync(() => call('automations:forecast', { days: 30 }));
      forecasts.push(ms);
      view = v;
      const days = JSON.stringify(Array.from({ length: 30 }, (_, k) => mdOf(now + k * DAY_MS)));
      const [counts, floorMs] = timed(() => countDays.raw().all(PROFILE, days) as [number, number][]);
      forecastFloors.push(floorMs);
      counted = counts.reduce((sum, [, n]) => sum + n, 0);
    }
    console.log(
      `  forecast: ${view!.messages} messages, ${view!.segments} SMS over ${view!.days} days; the floor counts ${counted} birthdays in them`,
    );
    line(`30-day forecast (median of ${RUNS})`, median(forecasts), median(forecastFloors));
    const [, oneMs] = await timedAsync(() => call('automations:forecast', { id: automation.id, days: 30 }));
    console.log(`  the automation's own forecast ${oneMs.toFixed(0)} ms`);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on a machine shared with other work`,
    );
    db.close();
    await core.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
