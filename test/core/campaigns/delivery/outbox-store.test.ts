/**
 * The outbox tables and their state changes on a real SQLite file: the
 * schema's own invariants, atomic claims, changes that name their attempt,
 * and the user's pause, resume and cancel.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createOutboxStore } from '@core/campaigns/outbox/outbox-store';
import { createOutboxControls } from '@core/campaigns/outbox/outbox-controls';
import { createProgressReader } from '@core/campaigns/outbox/progress-read';
import { tempDir } from '../../../support/temp-dir';
import { freezeCampaign, numbered } from './frozen-campaign';

const T0 = '2026-06-01T12:00:00.000Z';
const T1 = '2026-06-01T12:00:05.000Z';

function setup() {
  const file = join(tempDir(), 'torpedo.db');
  const db = openDatabase(file);
  const store = createOutboxStore(db);
  return {
    file,
    db,
    store,
    controls: createOutboxControls(db, store),
    progress: createProgressReader(db, () => new Date(T1)),
  };
}

const batchState = (db: ReturnType<typeof setup>['db'], id: string, batch: number) =>
  db
    .prepare(
      'SELECT state, attempts, send_id, reason FROM campaign_batches WHERE campaign_id = ? AND batch = ?',
    )
    .get(id, batch);
const campaignState = (db: ReturnType<typeof setup>['db'], id: string) =>
  db.prepare('SELECT status, hold, finished_at FROM campaigns WHERE id = ?').get(id) as {
    status: string;
    hold: string | null;
    finished_at: string | null;
  };

describe('outbox schema invariants', () => {
  it('a batch is accepted exactly when it has a send id, and a send id settles one batch only', () => {
    const { db } = setup();
    const a = freezeCampaign(db, { messages: numbered(3), batchSize: 2 });
    const update = db.prepare(
      'UPDATE campaign_batches SET state = ?, send_id = ? WHERE campaign_id = ? AND batch = ?',
    );
    expect(() => update.run('accepted', null, a.id, 0)).toThrow(/CHECK/);
    expect(() => update.run('queued', 'send-1', a.id, 0)).toThrow(/CHECK/);
    update.run('accepted', 'send-1', a.id, 0);
    expect(() => update.run('accepted', 'send-1', a.id, 1)).toThrow(/UNIQUE/);
  });

  it('a batch holds 1 to 5000 messages; a message 1 to 1600 characters; a sent campaign is never a draft', () => {
    const { db } = setup();
    const a = freezeCampaign(db, { messages: numbered(1) });
    const batch = db.prepare(
      'INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES (?, ?, ?, 1, 0.09)',
    );
    expect(() => batch.run(a.id, 1, 5001)).toThrow(/CHECK/);
    expect(() => batch.run(a.id, 1, 0)).toThrow(/CHECK/);
    const message = db.prepare(
      "INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments) VALUES (?, 0, 1, '+5511900000009', ?, 1)",
    );
    expect(() => message.run(a.id, '')).toThrow(/CHECK/);
    expect(() => message.run(a.id, 'x'.repeat(1601))).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE campaigns SET status = 'draft' WHERE id = ?").run(a.id)).toThrow(/CHECK/);
  });

  it('deleting a campaign removes its outbox with it', () => {
    const { db } = setup();
    const a = freezeCampaign(db, { messages: numbered(7), batchSize: 3 });
    db.prepare('DELETE FROM campaigns WHERE id = ?').run(a.id);
    expect(db.prepare('SELECT count(*) AS n FROM campaign_batches').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM campaign_messages').get()).toEqual({ n: 0 });
  });
});

describe('outbox store', () => {
  it('a claim is atomic across connections: the second claim of the same batch gets nothing', () => {
    const { db, file, store } = setup();
    const other = createOutboxStore(openDatabase(file));
    const a = freezeCampaign(db, { messages: numbered(3) });
    expect(store.claim(a.id, 0, T0)).toBe(1);
    expect(other.claim(a.id, 0, T0)).toBeNull();
    expect(batchState(db, a.id, 0)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(campaignState(db, a.id).status).toBe('sending');
  });

  it('a change names its attempt: a stale worker cannot overwrite what a newer attempt decided', () => {
    const { db, store } = setup();
    const a = freezeCampaign(db, { messages: numbered(3) });
    const first = store.claim(a.id, 0, T0)!;
    store.notSent(a.id, 0, first, { nextAttemptAt: null, reason: 'HTTP 503', uncount: false }, T0);
    const second = store.claim(a.id, 0, T1)!;
    expect(second).toBe(2);
    // The first attempt's late answer arrives: ignored.
    expect(store.accept(a.id, 0, first, 'late-send', T1)).toBe(false);
    expect(store.accept(a.id, 0, second, 'send-2', T1)).toBe('completed');
    expect(batchState(db, a.id, 0)).toMatchObject({ state: 'accepted', send_id: 'send-2' });
    expect(campaignState(db, a.id)).toMatchObject({ status: 'completed', finished_at: T1 });
  });

  it('a request that never reached the service does not count as an attempt', () => {
    const { db, store } = setup();
    const a = freezeCampaign(db, { messages: numbered(3) });
    const attempt = store.claim(a.id, 0, T0)!;
    store.notSent(a.id, 0, attempt, { nextAttemptAt: null, reason: 'connection refused', uncount: true }, T0);
    expect(batchState(db, a.id, 0)).toMatchObject({
      state: 'queued',
      attempts: 0,
      reason: 'connection refused',
    });
  });

  it('accepting a batch and claiming the next is one step: nothing claimed once the campaign is paused', () => {
    const { db, store, controls } = setup();
    const a = freezeCampaign(db, { messages: numbered(6), batchSize: 2 });
    const first = store.claim(a.id, 0, T0)!;
    expect(store.acceptAndClaim(a.id, 0, first, 'send-0', 1, T1)).toEqual({
      accepted: true,
      nextAttempt: 1,
      finish: null,
    });
    expect(batchState(db, a.id, 1)).toMatchObject({ state: 'sending', attempts: 1 });
    controls.pause('default', a.id, T1);
    expect(store.acceptAndClaim(a.id, 1, 1, 'send-1', 2, T1)).toEqual({
      accepted: true,
      nextAttempt: null,
      finish: null,
    });
    expect(batchState(db, a.id, 2)).toMatchObject({ state: 'queued', attempts: 0 });
    // A stale attempt changes nothing at all.
    expect(store.acceptAndClaim(a.id, 1, 1, 'send-x', 2, T1)).toEqual({
      accepted: false,
      nextAttempt: null,
      finish: null,
    });
  });

  it('nextBatches gives each sendable campaign its lowest queued batch, oldest campaign first', () => {
    const { db, store } = setup();
    const older = freezeCampaign(db, { messages: numbered(5), batchSize: 2, now: new Date(T0) });
    const newer = freezeCampaign(db, { messages: numbered(2), now: new Date(T1) });
    const paused = freezeCampaign(db, { messages: numbered(2), now: new Date(T0) });
    db.prepare("UPDATE campaigns SET status = 'paused' WHERE id = ?").run(paused.id);
    store.claim(older.id, 0, T1);
    expect(store.nextBatches('default').map((b) => [b.campaignId, b.batch])).toEqual([
      [older.id, 1],
      [newer.id, 0],
    ]);
    expect(store.nextBatches('another-profile')).toEqual([]);
  });
});

describe('pause, resume, cancel', () => {
  it('pause stops new claims; resume sends again; both are idempotent', () => {
    const { db, store, controls } = setup();
    const a = freezeCampaign(db, { messages: numbered(4), batchSize: 2 });
    expect(controls.pause('default', a.id, T0).changed).toBe(true);
    expect(controls.pause('default', a.id, T0).changed).toBe(false);
    expect(store.claim(a.id, 0, T0)).toBeNull();
    expect(store.nextBatches('default')).toEqual([]);
    expect(controls.resume('default', a.id, T1).changed).toBe(true);
    expect(campaignState(db, a.id).status).toBe('queued');
    expect(store.claim(a.id, 0, T1)).toBe(1);
  });

  it('a batch in flight when paused finishes and is recorded', () => {
    const { db, store, controls } = setup();
    const a = freezeCampaign(db, { messages: numbered(4), batchSize: 2 });
    const attempt = store.claim(a.id, 0, T0)!;
    controls.pause('default', a.id, T0);
    expect(store.accept(a.id, 0, attempt, 'send-1', T1)).toBeNull();
    expect(batchState(db, a.id, 0)).toMatchObject({ state: 'accepted' });
    expect(campaignState(db, a.id).status).toBe('paused');
  });

  it('resume gives a held batch a fresh set of attempts and lifts the hold', () => {
    const { db, store, controls, progress } = setup();
    const a = freezeCampaign(db, { messages: numbered(2) });
    db.prepare('UPDATE campaign_batches SET attempts = 8 WHERE campaign_id = ?').run(a.id);
    store.holdBatch(a.id, 0, { code: 'keeps_failing', message: 'Batch 1 failed 8 times', batch: 0 }, T0);
    expect(progress(a.id)).toMatchObject({ status: 'held', hold: { code: 'keeps_failing', batch: 0 } });
    controls.resume('default', a.id, T1);
    expect(batchState(db, a.id, 0)).toMatchObject({ state: 'queued', attempts: 0, reason: null });
    expect(campaignState(db, a.id)).toMatchObject({ status: 'queued', hold: null });
  });

  it('cancel removes only unsent batches; a batch in flight ends accepted if it landed', () => {
    const { db, store, controls, progress } = setup();
    const a = freezeCampaign(db, { messages: numbered(6), batchSize: 2 });
    const b0 = store.claim(a.id, 0, T0)!;
    store.accept(a.id, 0, b0, 'send-0', T0);
    const b1 = store.claim(a.id, 1, T0)!;
    const result = controls.cancel('default', a.id, T1);
    expect(result).toEqual({ changed: true, finish: null }); // batch 1 still in flight
    expect(campaignState(db, a.id)).toMatchObject({ status: 'cancelled', finished_at: null });
    expect(batchState(db, a.id, 2)).toMatchObject({ state: 'cancelled' });
    expect(store.accept(a.id, 1, b1, 'send-1', T1)).toBe('cancelled');
    expect(progress(a.id)).toMatchObject({
      status: 'cancelled',
      batches: { accepted: 2, cancelled: 1, sending: 0, total: 3 },
      messages: { accepted: 4, total: 4 },
    });
    expect(campaignState(db, a.id).finished_at).toBe(T1);
  });

  it('a batch in flight that did not land is cancelled, never queued again, once its campaign is cancelled', () => {
    const { db, store, controls } = setup();
    const a = freezeCampaign(db, { messages: numbered(2) });
    const attempt = store.claim(a.id, 0, T0)!;
    controls.cancel('default', a.id, T0);
    const r = store.notSent(
      a.id,
      0,
      attempt,
      { nextAttemptAt: null, reason: 'not landed', uncount: false },
      T1,
    );
    expect(r).toEqual({ applied: true, finish: 'cancelled' });
    expect(batchState(db, a.id, 0)).toMatchObject({ state: 'cancelled' });
    expect(store.nextBatches('default')).toEqual([]);
  });

  it('refuses drafts, finished campaigns and other profiles with clear codes', () => {
    const { db, store, controls } = setup();
    const a = freezeCampaign(db, { messages: numbered(1) });
    store.accept(a.id, 0, store.claim(a.id, 0, T0)!, 'send-0', T0);
    expect(() => controls.pause('default', a.id, T1)).toThrow(
      expect.objectContaining({ code: 'campaign_not_active' }),
    );
    expect(() => controls.cancel('default', a.id, T1)).toThrow(
      expect.objectContaining({ code: 'campaign_not_active' }),
    );
    expect(() => controls.resume('demo', a.id, T1)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
