import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

describe('migration 0018-short-links', () => {
  function migratedTo18() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 17));
    expect(tableNames(db)).not.toContain('short_links');
    migrate(db, allMigrations.slice(0, 18));
    expect(userVersion(db)).toBe(18);
    return db;
  }
  const now = '2026-11-25T12:00:00.000Z';

  it('keeps each click once, per profile and link', () => {
    const db = migratedTo18();
    const click = db.prepare(
      `INSERT INTO short_link_clicks (profile, link_id, id, clicked_at) VALUES (?, 'l1', 'k1', ?)`,
    );
    click.run('demo', now);
    expect(() => click.run('demo', now)).toThrow(/UNIQUE constraint failed|PRIMARY KEY/);
    click.run('default', now);
    expect(db.prepare('SELECT count(*) FROM short_link_clicks').pluck().get()).toBe(2);
  });

  it("holds a campaign's addresses until their links are made, and forgets them with the campaign", () => {
    const db = migratedTo18();
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, created_at, updated_at) VALUES ('c1', 'demo', 'r1', 'Sábado', ?, ?)`,
    ).run(now, now);
    const add = db.prepare(
      `INSERT INTO campaign_links (campaign_id, position, written, target, link_id, short_url) VALUES ('c1', ?, ?, ?, ?, ?)`,
    );
    add.run(0, 'loja.com.br/promo', 'http://loja.com.br/promo', null, null);
    // One row per address written: the same address twice is one link.
    expect(() => add.run(1, 'loja.com.br/promo', 'http://loja.com.br/promo', null, null)).toThrow(/UNIQUE/);
    // A link id without its short address (or the reverse) is refused.
    expect(() => add.run(1, 'https://x.com', 'https://x.com', 'l1', null)).toThrow(/CHECK/);
    db.prepare("DELETE FROM campaigns WHERE id = 'c1'").run();
    expect(db.prepare('SELECT count(*) FROM campaign_links').pluck().get()).toBe(0);
  });
});
