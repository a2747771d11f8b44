/**
 * `bestHour:get` on a real core over a real SQLite file: the figures against
 * a hand count of a seeded click and reply history on several clocks (a
 * customer in Manaus clicking at 10:00 there is hour 10, not Brasília's 11),
 * the threshold of three delivered campaigns, and the suggestion kept inside
 * the sending rules. The history is written by SQL as the links and inbox
 * domains would have kept it (their own tests hold how they do).
 */
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCore } from '@core/kernel/create-core';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase, type Database } from '@core/db/open-database';
import { createRulesRepo } from '@core/rules/rules-repo';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { SendingRules } from '@shared/rules/sending-rules';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

const SAO_PAULO = '+5511987650001';
const MANAUS = '+5592987650002';
const RIO_BRANCO = '+5568987650003';
/** A São Paulo number whose contact chose Fernando de Noronha's clock (UTC−2). */
const NORONHA_BY_CHOICE = '+5511987650004';

function openShop(): { dataDir: string; db: Database } {
  const dataDir = tempDir();
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  onTestFinished(() => {
    if (db.open) db.close();
  });
  const contact = (name: string, phone: string) => ({ name, phone, email: null, fields: {} });
  createContactsRepo(db).upsertMany(
    'default',
    [
      contact('Ana', SAO_PAULO),
      contact('Bia', MANAUS),
      contact('Caio', RIO_BRANCO),
      contact('Davi', NORONHA_BY_CHOICE),
    ],
    'update',
  );
  db.prepare(`UPDATE contacts SET time_zone = 'America/Noronha' WHERE phone = ?`).run(NORONHA_BY_CHOICE);
  return { dataDir, db };
}

let seq = 0;
/** A campaign in `status`, with one tracked link when `linkId` is given. */
function campaign(db: Database, status: 'completed' | 'sending', linkId: string | null): string {
  const id = `camp-${++seq}`;
  const at = '2026-11-20T12:00:00.000Z';
  db.prepare(
    `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
     VALUES (?, 'default', ?, ?, ?, ?, ?, ?)`,
  ).run(id, `ref-${id}`, `Campanha ${seq}`, status, at, at, at);
  if (linkId) {
    db.prepare(
      `INSERT INTO campaign_links (campaign_id, position, written, target, link_id, short_url)
       VALUES (?, 0, 'loja.com', 'https://loja.com', ?, ?)`,
    ).run(id, linkId, `https://s.example/${linkId}`);
  }
  return id;
}

function click(db: Database, linkId: string, at: string, phone: string | null): void {
  db.prepare(
    `INSERT INTO short_link_clicks (profile, link_id, id, clicked_at, phone) VALUES ('default', ?, ?, ?, ?)`,
  ).run(linkId, `click-${++seq}`, at, phone);
}

function reply(db: Database, campaignId: string, at: string, phone: string): void {
  db.prepare(
    `INSERT INTO inbox_replies (profile, event_id, phone, text, received_at, kept_at, origin_kind, origin_id, origin_name)
     VALUES ('default', ?, ?, 'Quero!', ?, ?, 'campaign', ?, 'Campanha')`,
  ).run(`evt-${++seq}`, phone, at, at, campaignId);
}

async function bestHour(dataDir: string) {
  const core = await createCore({
    dataDir,
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  onTestFinished(() => core.close());
  const result = await core.dispatch('bestHour:get', {});
  if (!result.ok) throw new Error(result.error.message);
  await core.close();
  return result.value;
}

/**
 * The hand count (week of 23–29 November 2026; Thursday the 26th):
 * - Thu 10:00 on the customer's clock, three times: São Paulo at 13:00Z, Manaus at 14:00Z
 *   (11:00 in Brasília), Rio Branco at 15:00Z (12:00 in Brasília);
 * - Tue 14:00: Davi at 16:00Z on his chosen Noronha clock (13:00 in São Paulo, his DDD's),
 *   and Ana's reply at 17:30Z (14:30 in São Paulo);
 * - Sun 10:00, four clicks from São Paulo at 13:00Z on the 29th;
 * - Wed 20:00: São Paulo at 23:00Z on the 25th;
 * - Wed 09:00: a click the service named no number for, at 12:00Z, on Brasília's clock.
 */
function seedHistory(db: Database): void {
  const a = campaign(db, 'completed', 'link-a');
  campaign(db, 'completed', 'link-b');
  click(db, 'link-a', '2026-11-26T13:00:00.000Z', SAO_PAULO);
  click(db, 'link-a', '2026-11-26T14:00:00.000Z', MANAUS);
  click(db, 'link-b', '2026-11-26T15:00:00.000Z', RIO_BRANCO);
  click(db, 'link-b', '2026-11-24T16:00:00.000Z', NORONHA_BY_CHOICE);
  reply(db, a, '2026-11-24T17:30:00.000Z', SAO_PAULO);
  for (let i = 0; i < 4; i++) click(db, 'link-a', '2026-11-29T13:00:00.000Z', SAO_PAULO);
  click(db, 'link-b', '2026-11-25T23:00:00.000Z', SAO_PAULO);
  click(db, 'link-a', '2026-11-25T12:00:00.000Z', null);
}

const setRules = (db: Database, change: Partial<SendingRules>) =>
  createRulesRepo(db).set(change, new Date('2026-11-20T12:00:00.000Z'));

describe('bestHour:get', () => {
  it('gives the general guidance, labelled default, before three delivered campaigns can tell', async () => {
    const { dataDir, db } = openShop();
    seedHistory(db);
    // Not delivered yet, and delivered without a link or a reply: neither tells anything.
    campaign(db, 'sending', 'link-c');
    campaign(db, 'completed', null);
    db.close();

    expect(await bestHour(dataDir)).toEqual({
      source: 'default',
      campaigns: 2,
      needed: 3,
      hours: [],
      suggestion: { weekday: null, days: ['tue', 'wed', 'thu'], hour: 10 },
    });
  });

  it('from the third campaign, counts on each customer’s own clock as counted by hand', async () => {
    const { dataDir, db } = openShop();
    seedHistory(db);
    // The third: a campaign that told only by a reply (a server brought it).
    const third = campaign(db, 'completed', null);
    reply(db, third, '2026-11-26T16:00:00.000Z', MANAUS); // Thu 12:00 in Manaus
    // A click on the link of a campaign still sending: not counted.
    campaign(db, 'sending', 'link-c');
    click(db, 'link-c', '2026-11-26T13:00:00.000Z', SAO_PAULO);
    db.close();

    const view = await bestHour(dataDir);
    const total = 12;
    expect(view.source).toBe('own');
    expect(view.campaigns).toBe(3);
    expect(view.hours).toEqual([
      { weekday: 'sun', hour: 10, clicks: 4, replies: 0, share: 4 / total },
      { weekday: 'thu', hour: 10, clicks: 3, replies: 0, share: 3 / total },
      { weekday: 'tue', hour: 14, clicks: 1, replies: 1, share: 2 / total },
      { weekday: 'wed', hour: 9, clicks: 1, replies: 0, share: 1 / total },
      { weekday: 'wed', hour: 20, clicks: 1, replies: 0, share: 1 / total },
      { weekday: 'thu', hour: 12, clicks: 0, replies: 1, share: 1 / total },
    ]);
    // Sunday is the busiest, but the default rules send on no Sunday: Thursday 10:00.
    expect(view.suggestion).toEqual({ weekday: 'thu', days: ['thu'], hour: 10 });
  });

  it('never suggests outside the rules: Sundays allowed in the window, a window that closes the busy hours', async () => {
    const { dataDir, db } = openShop();
    seedHistory(db);
    campaign(db, 'completed', 'link-d');
    const week = createRulesRepo(db).rules().window.hours;
    setRules(db, {
      sundays: false,
      window: { on: true, hours: { ...week, sun: { start: '09:00', end: '12:00' } } },
    });
    db.close();
    expect((await bestHour(dataDir)).suggestion).toEqual({ weekday: 'sun', days: ['sun'], hour: 10 });

    // Only afternoons from 15:00, and no Sundays: no counted hour is open; Sunday's day is closed,
    // so the general guidance, moved to the first open hour of its days.
    const again = openDatabase(join(dataDir, 'torpedo.db'));
    const afternoons = { start: '15:00', end: '18:00' };
    createRulesRepo(again).set(
      {
        sundays: true,
        window: {
          on: true,
          hours: {
            mon: afternoons,
            tue: afternoons,
            wed: afternoons,
            thu: afternoons,
            fri: afternoons,
            sat: null,
            sun: null,
          },
        },
      },
      new Date(),
    );
    again.close();
    expect((await bestHour(dataDir)).suggestion).toEqual({
      weekday: null,
      days: ['tue', 'wed', 'thu'],
      hour: 15,
    });
  });
});
