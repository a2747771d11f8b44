/**
 * Search benchmark (prints figures; not a test): `npm run bench:search`.
 *
 * 100,000 generated contacts go in through upsertMany (the import's commit),
 * their search index built afterwards by the catch-up, as a large import's is,
 * then 1000 prefixes typed the way people type them are searched, first page
 * of 50, without and with a list filter. Target: search p95 ≤ 20 ms.
 * BENCH_CONTACTS=N changes the size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { generateContacts } from './contact-data';
import { measureSearch, stats, statsLine, typedPrefixes } from './search-latency';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const QUERIES = 1000;
const PAGE = 50;
const TARGET_P95_MS = 20;

const elapsed = (start: number) => performance.now() - start;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;

const dir = mkdtempSync(join(tmpdir(), 'torpedo-bench-search-'));
try {
  const db = openDatabase(join(dir, 'torpedo.db'));
  const repo = createContactsRepo(db);
  const profile = 'default';

  console.log(`Search benchmark: ${CONTACTS.toLocaleString('en')} contacts, ${QUERIES} typed prefixes`);
  const rows = generateContacts(CONTACTS, 1);
  const rssBefore = process.memoryUsage().rss / 1024 / 1024;
  // Another profile's contacts share the tables and the index, as the demo's would.
  repo.upsertMany('demo', generateContacts(2000, 2), 'skip');

  console.log('\nWrites:');
  let t = performance.now();
  const counts = repo.upsertMany(profile, rows, 'update', undefined, { deferIndex: true });
  const insertMs = elapsed(t);
  console.log(
    `  upsertMany, ${CONTACTS.toLocaleString('en')} new contacts: ${insertMs.toFixed(0)} ms, ${rate(CONTACTS, insertMs)} ` +
      `(imported ${counts.imported}, updated ${counts.updated}, skipped ${counts.skipped})`,
  );
  t = performance.now();
  const indexed = repo.indexBacklog();
  const indexMs = elapsed(t);
  console.log(`  search index catch-up, ${indexed.toLocaleString('en')} contacts: ${indexMs.toFixed(0)} ms`);
  t = performance.now();
  const again = repo.upsertMany(profile, rows.slice(0, 10_000), 'update');
  console.log(
    `  upsertMany, 10,000 existing and unchanged ('update'): ${elapsed(t).toFixed(0)} ms (updated ${again.updated})`,
  );

  const vip = repo.createList(profile, 'VIP');
  const clientes = repo.createList(profile, 'Clientes');
  // Setup only: every id at once (the repo itself never hands out more than a page).
  const everyId = db
    .prepare<[string], string>('SELECT id FROM contacts WHERE profile = ? ORDER BY seq')
    .pluck()
    .all(profile);
  t = performance.now();
  repo.addToList(
    profile,
    vip.id,
    everyId.filter((_, i) => i % 50 === 0),
  );
  const vipMs = elapsed(t);
  t = performance.now();
  repo.addToList(
    profile,
    clientes.id,
    everyId.filter((_, i) => i % 5 < 2),
  );
  const clientesMs = elapsed(t);
  console.log(
    `  addToList: ${repo.getList(profile, vip.id)!.count.toLocaleString('en')} contacts to VIP (2%) ${vipMs.toFixed(0)} ms, ` +
      `${repo.getList(profile, clientes.id)!.count.toLocaleString('en')} to Clientes (40%) ${clientesMs.toFixed(0)} ms`,
  );

  const typed = typedPrefixes(rows, QUERIES);
  const scenarios: [string, string | undefined][] = [
    ['no filter', undefined],
    ['list VIP (2%)', vip.id],
    ['list Clientes (40%)', clientes.id],
  ];
  const p95s: number[] = [];
  for (const [label, listId] of scenarios) {
    const run = measureSearch(repo, profile, typed, { listId, limit: PAGE });
    p95s.push(stats(run.all).p95);
    console.log(`\nSearch, first page of ${PAGE}, ${label} (mean matches per query: ${run.meanTotal}):`);
    console.log(statsLine('all queries', run.all));
    for (const [kind, samples] of run.byKind) console.log(statsLine(kind, samples));
  }

  const browse: number[] = [];
  const scrolled: number[] = [];
  for (let offset = 0; offset < CONTACTS - PAGE; offset += Math.ceil(CONTACTS / 20)) {
    t = performance.now();
    repo.search({ profile, offset, limit: PAGE });
    browse.push(elapsed(t));
    t = performance.now();
    repo.search({ profile, query: 'ma', offset: Math.floor(offset / 5), limit: PAGE });
    scrolled.push(elapsed(t));
  }
  console.log(`\nScrolling (20 pages spread over the whole result):`);
  console.log(statsLine('all contacts (browse)', browse));
  console.log(statsLine('"ma"', scrolled));

  const worst = Math.max(...p95s);
  console.log(
    `\nPeak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB ` +
      `(${rssBefore.toFixed(0)} MB with the generated contacts in memory, before any write)`,
  );
  console.log(
    `Search p95, worst scenario: ${worst.toFixed(2)} ms (target ≤ ${TARGET_P95_MS} ms: ` +
      `${worst <= TARGET_P95_MS ? 'met' : 'NOT met'})`,
  );
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
