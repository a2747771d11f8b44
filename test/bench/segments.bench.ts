/**
 * `npm run bench:segments` (prints figures; not a test): how long a segment
 * takes to count, and the composer's cost with a segment, beside the floor.
 *
 * For each size (BENCH_SIZES, default 100,000 and 1,000,000 contacts), in a
 * fresh data folder: generated contacts with three columns of their own
 * (cidade: text, ultima_compra: date, total_gasto: number) go in through
 * upsertMany (the import's commit) and the catch-up that fills the typed
 * values' indexes, as a large import's does. Then, through the real core's
 * channels (what the window and the CLI call):
 *
 * 1. `segments:count` of two-condition segments (all and any), median of
 *    RUNS after a warm-up; target ≤ 300 ms at 1,000,000. The floor: the
 *    same count by one indexed SQL statement on the same file, in the same
 *    run (it knows nothing of opt-outs or deleted contacts: the core does).
 * 2. The composer's cost with a segment of about a tenth of the contacts
 *    (100,000 at 1,000,000): the draft's audience saved, then its counts and
 *    its estimate, as the composer asks them, signed in to a local sandbox
 *    (the SMS prices come from it); target ≤ 500 ms. The floor: that
 *    segment's plain indexed count.
 *
 * BENCH_SIZES=100000 runs one size; BENCH_RUNS=N the timed runs of each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCliHost } from '../../src/cli/cli-host';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { CampaignView } from '@shared/dto/campaigns';
import type { SavedSegmentView, SegmentCountView } from '@shared/dto/segments';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import { foldText } from '@shared/sort-key';
import { generateContacts, pick, random } from './contact-data';
import { fundedAccount, startSandbox } from './sandbox-process';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7));
const TARGETS = { countMs: 300, composerMs: 500 };
const CITIES = ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Salvador', 'Recife', 'Belém', 'Curitiba'];
const DAY_MS = 86_400_000;
/** Today as days since 1970 (the core counts in Brasília's day; the bench runs away from midnight there). "In the last N days" is today and the N before it, as the core reads it. */
const today = Math.floor((Date.now() - 3 * 3_600_000) / DAY_MS);
const br = (day: number) => {
  const d = new Date(day * DAY_MS);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed<T>(work: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  await work(); // warm-up: the statement prepared, the pages in the cache
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    value = await work();
    times.push(performance.now() - t);
  }
  return { ms: median(times), value };
}
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

/** Generated contacts with their own columns: a city each, a last purchase in the last two years for 80%, a total. */
function load(dataDir: string, size: number): void {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  const repo = createContactsRepo(db);
  repo.defineFields('default', [
    { key: 'cidade', type: 'text' },
    { key: 'ultima_compra', type: 'date' },
    { key: 'total_gasto', type: 'number' },
  ]);
  const rnd = random(7);
  const rows = generateContacts(size, 1).map((row) => ({
    ...row,
    fields: {
      cidade: pick(rnd, CITIES),
      ...(rnd() < 0.8 ? { ultima_compra: br(today - Math.floor(rnd() * 730)) } : {}),
      total_gasto: String(Math.floor(rnd() * 2000)),
    },
  }));
  let t = performance.now();
  repo.upsertMany('default', rows, 'update', undefined, { deferIndex: true });
  const insert = performance.now() - t;
  t = performance.now();
  repo.indexBacklog();
  console.log(
    `  loaded: upsertMany ${(insert / 1000).toFixed(1)} s, index catch-up (search and typed values) ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  db.close();
}

/** The floor: the same two-condition count by one indexed statement, on its own connection. */
function floors(dataDir: string) {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  const field = (key: string) =>
    db
      .prepare<[string], number>("SELECT id FROM contact_fields WHERE profile = 'default' AND key = ?")
      .pluck()
      .get(key)!;
  const [city, bought] = [field('cidade'), field('ultima_compra')];
  const both = db
    .prepare(
      `SELECT count(*) FROM contact_values a
        JOIN contact_values b ON b.seq = a.seq AND b.field_id = ? AND b.day BETWEEN ? AND ?
       WHERE a.field_id = ? AND a.text_key = ?`,
    )
    .pluck();
  const either = db
    .prepare(
      `SELECT count(*) FROM (SELECT seq FROM contact_values WHERE field_id = ? AND text_key = ?
        UNION SELECT seq FROM contact_values WHERE field_id = ? AND day BETWEEN ? AND ?)`,
    )
    .pluck();
  const one = db
    .prepare('SELECT count(*) FROM contact_values WHERE field_id = ? AND day BETWEEN ? AND ?')
    .pluck();
  const recife = foldText('Recife');
  return {
    all: (days: number) => both.get(bought, today - days, today, city, recife) as number,
    any: (days: number) => either.get(city, recife, bought, today - days, today) as number,
    lastDays: (days: number) => one.get(bought, today - days, today) as number,
    close: () => db.close(),
  };
}

async function benchSize(size: number, sandbox: { url: string }): Promise<void> {
  console.log(`\n${size.toLocaleString('en')} contacts`);
  const dataDir = mkdtempSync(join(tmpdir(), 'torpedo-bench-segments-'));
  try {
    load(dataDir, size);
    const core = await createCore({
      dataDir,
      host: createCliHost(() => undefined),
      secretStore: createMemorySecretStore(),
    });
    const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
      const result = await core.dispatchUntrusted(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
      return result.value as T;
    };
    // Signed in to a local sandbox's account (the 'default' profile the contacts went into): the SMS prices come from it.
    const accountKey = await fundedAccount(sandbox.url, `segments${size}`);
    await call('session:signIn', { accountKey, baseUrl: sandbox.url });
    await call('campaigns:smsTypes');
    const floor = floors(dataDir);
    const segment = (match: 'all' | 'any', days: number): SegmentDefinition => ({
      match,
      conditions: [
        { field: 'cidade', op: 'eq', value: 'Recife' },
        { field: 'ultima_compra', op: 'in-last', value: String(days) },
      ],
    });

    console.log('  segments:count (median of %d)          Torpedo     floor   contacts', RUNS);
    for (const [label, match, days] of [
      ['cidade = Recife AND ultima_compra in-last 90d', 'all', 90],
      ['cidade = Recife OR ultima_compra in-last 30d', 'any', 30],
    ] as const) {
      const torpedo = await timed(() => call<SegmentCountView>('segments:count', segment(match, days)));
      const bare = await timed(() => (match === 'all' ? floor.all(days) : floor.any(days)));
      const same = torpedo.value.contacts === bare.value ? '' : `  (floor counted ${bare.value})`;
      console.log(
        `    ${label.padEnd(46)}${ms(torpedo.ms)}${ms(bare.ms)}   ${torpedo.value.contacts.toLocaleString('en')}${same}`,
      );
    }

    // The composer: a draft to a segment of about a tenth of the contacts, signed in for the SMS prices.
    const days = 91; // 80% have a purchase over 730 days: 91 days ≈ 10% of them
    const saved = await call<SavedSegmentView>('segments:create', {
      name: 'Compraram em 3 meses',
      match: 'all',
      conditions: [{ field: 'ultima_compra', op: 'in-last', value: String(days) }],
    });
    const draft = await call<CampaignView>('campaigns:create', { name: 'Bench' });
    await call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{nome}}, volte sempre! Cupom VOLTE10.',
    });
    let turn = 0;
    const composer = await timed(async () => {
      // The audience changes (as a pick in the composer does), then its counts and cost, side by side.
      turn += 1;
      await call('campaigns:saveDraft', {
        id: draft.id,
        audience: { listIds: [], contactIds: [], segmentIds: turn % 2 ? [saved.id] : [] },
      });
      await call('campaigns:saveDraft', {
        id: draft.id,
        audience: { listIds: [], contactIds: [], segmentIds: [saved.id] },
      });
      const [audience, estimate] = await Promise.all([
        call<{ recipients: number }>('campaigns:audience', { id: draft.id }),
        call<{ cost: number | null; recipients: number }>('campaigns:estimate', { id: draft.id }),
      ]);
      return { recipients: audience.recipients, cost: estimate.cost };
    });
    const bare = await timed(() => floor.lastDays(days));
    console.log(
      `  composer with a segment of ${composer.value.recipients.toLocaleString('en')} (save, counts, cost):` +
        `${ms(composer.ms)}  floor (its plain count, ${bare.value.toLocaleString('en')}):${ms(bare.ms)}  cost R$ ${composer.value.cost}`,
    );
    floor.close();
    await core.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Segments benchmark (targets: a two-condition count ≤ ${TARGETS.countMs} ms at 1,000,000; the composer's cost ≤ ${TARGETS.composerMs} ms with a segment of 100,000). Load average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const sandbox = await startSandbox();
try {
  for (const size of SIZES) await benchSize(size, sandbox);
} finally {
  sandbox.stop();
}
