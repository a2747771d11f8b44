/**
 * `npm run bench:overview` (prints figures; not a test): the overview's data
 * call from the kept copy, with 200 campaigns and 100,000 contacts.
 *
 * A fresh data folder gets 100,000 generated contacts (the contacts repo's
 * upsertMany, as an import writes them), 200 frozen campaigns of 500 messages
 * each, their batches accepted as sends the history has read (delivered and
 * failed counts), every other one tracked with two short links and their
 * clicks, and 300 opt-outs. The real core (local only, as the CLI opens it)
 * then answers `overview:get` BENCH_RUNS times: the first call (cold
 * statements) and the median and worst of the rest are printed against the
 * target of 150 ms for the data call.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCliHost } from '../../src/cli/cli-host';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase, type Database } from '@core/db/open-database';
import { generateContacts } from './contact-data';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 200);
const RUNS = Math.max(2, Number(process.env.BENCH_RUNS ?? 30));
const TARGET_MS = 150;
const PROFILE = 'default';

function seedCampaigns(db: Database): void {
  const now = Date.now();
  const campaign = db.prepare(
    `INSERT INTO campaigns (id, profile, ref, name, status, template, options, recipients, messages, segments,
       unit_price, cost, created_at, updated_at, queued_at, links_ready_at)
     VALUES (?, ?, ?, ?, 'completed', 'Oi {{nome}}', ?, 500, 500, 500, 0.09, 45, ?, ?, ?, ?)`,
  );
  const batch = db.prepare(
    `INSERT INTO campaign_batches (campaign_id, batch, state, messages, segments, cost, send_id, accepted_at)
     VALUES (?, 0, 'accepted', 500, 500, 45, ?, ?)`,
  );
  const send = db.prepare(
    `INSERT INTO history_sends (profile, id, created_at, quantity, status, type, segments, cost, total,
       delivered, failed, in_progress, done, detail_at)
     VALUES (?, ?, ?, 500, 'completed', 'Padrão', 500, 45, 500, ?, ?, 0, 1, ?)`,
  );
  const link = db.prepare(
    `INSERT INTO campaign_links (campaign_id, position, written, target, link_id, short_url) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const shortLink = db.prepare(
    `INSERT INTO short_links (profile, id, url, short_url, title, active, clicks, created_at, fetched_at)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  );
  const click = db.prepare(
    'INSERT INTO short_link_clicks (profile, link_id, id, clicked_at, phone) VALUES (?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < CAMPAIGNS; i++) {
      // One every four hours back from now: the newest 180 fall in the last 30 days.
      const at = new Date(now - i * 4 * 3_600_000).toISOString();
      const id = randomUUID();
      const tracked = i % 2 === 0;
      const options = JSON.stringify({
        linkTracking: tracked ? 'track' : 'none',
        timeZone: 'America/Sao_Paulo',
      });
      campaign.run(id, PROFILE, `r${i}`, `Campanha ${i}`, options, at, at, at, at);
      const sendId = randomUUID();
      batch.run(id, sendId, at);
      send.run(PROFILE, sendId, at, 480 + (i % 15), 20 - (i % 15), at);
      if (!tracked) continue;
      for (const position of [0, 1]) {
        const linkId = randomUUID();
        const url = `https://loja.example/${i}/${position}`;
        link.run(
          id,
          position,
          url,
          url,
          linkId,
          `http://127.0.0.1:8787/s/${String(i).padStart(5, 'x')}${position}x`,
        );
        shortLink.run(PROFILE, linkId, url, `http://127.0.0.1:8787/s/x${i}`, `Campanha ${i}`, 60, at, at);
        for (let k = 0; k < 60; k++) {
          click.run(PROFILE, linkId, randomUUID(), new Date(Date.parse(at) + k * 60_000).toISOString(), null);
        }
      }
    }
    const optOut = db.prepare(
      "INSERT INTO opt_outs (profile, phone, created_at, source) VALUES (?, ?, ?, 'manual')",
    );
    for (let i = 0; i < 300; i++)
      optOut.run(
        PROFILE,
        `+5511930${String(i).padStart(6, '0')}`,
        new Date(now - i * 3_600_000).toISOString(),
      );
  })();
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'torpedo-bench-overview-'));
  try {
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    const repo = createContactsRepo(db);
    const list = repo.createList(PROFILE, 'Clientes');
    repo.upsertMany(PROFILE, generateContacts(CONTACTS), 'update', list.id);
    seedCampaigns(db);
    db.close();

    if (process.env.BENCH_PROFILE) {
      const { createOverviewQueries } = await import('@core/overview/overview-queries');
      const pdb = openDatabase(join(dataDir, DATABASE_FILE));
      const q = createOverviewQueries(pdb);
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const runs: [string, () => unknown][] = [
        ['recent', () => q.recent.all(PROFILE, 5)],
        ['period', () => q.period.get(PROFILE, since)],
        ['messagesByDay', () => q.messagesByDay.all(PROFILE, since)],
        ['clicksByDay', () => q.clicksByDay.all(PROFILE, since)],
        ['waiting', () => q.waiting.all(PROFILE, new Date().toISOString())],
        ['contacts', () => q.contacts.get(PROFILE)],
        ['optOuts', () => q.optOutsSince.get(PROFILE, since)],
        ['firstRun', () => q.firstRun.get(PROFILE, PROFILE, PROFILE, PROFILE, PROFILE)],
      ];
      for (const [name, run] of runs) {
        run();
        const t = performance.now();
        for (let i = 0; i < 5; i++) run();
        console.log(name, ((performance.now() - t) / 5).toFixed(1), 'ms');
      }
      pdb.close();
    }
    const core = await createCore({
      dataDir,
      host: createCliHost(() => undefined),
      secretStore: null,
      localOnly: true,
    });
    try {
      const times: number[] = [];
      let contacts = 0;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const result = await core.dispatch('overview:get', {});
        times.push(performance.now() - started);
        if (!result.ok) throw new Error(result.error.message);
        contacts = result.value.contacts;
      }
      const [first, ...rest] = times;
      rest.sort((a, b) => a - b);
      const median = rest[Math.floor(rest.length / 2)]!;
      const worst = rest.at(-1)!;
      console.log(
        `overview:get with ${CAMPAIGNS} campaigns and ${contacts} contacts (load ${loadavg()[0]!.toFixed(1)})`,
      );
      console.log(
        `  first call ${first!.toFixed(1)} ms; median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms of ${rest.length} more`,
      );
      console.log(`  target ≤ ${TARGET_MS} ms: ${Math.max(first!, worst) <= TARGET_MS ? 'met' : 'NOT met'}`);
    } finally {
      await core.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
