import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createSettingsRepo } from '@core/db/settings-repo';
import { tempDir } from '../../support/temp-dir';

function openTemp() {
  const file = path.join(tempDir(), 'torpedo.db');
  const db = openDatabase(file);
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return { db, file };
}

describe('settings repo', () => {
  it('returns undefined for a setting never set', () => {
    const { db } = openTemp();
    expect(createSettingsRepo(db).get('theme')).toBeUndefined();
  });

  it('round-trips JSON values of any shape', () => {
    const { db } = openTemp();
    const settings = createSettingsRepo(db);
    settings.set('language', 'pt-BR');
    settings.set('window', { width: 1200, height: 800, maximised: false });
    settings.set('recent', [1, 'two', null]);
    settings.set('nothing', null);
    settings.set('zero', 0);

    expect(settings.get<string>('language')).toBe('pt-BR');
    expect(settings.get('window')).toEqual({ width: 1200, height: 800, maximised: false });
    expect(settings.get('recent')).toEqual([1, 'two', null]);
    expect(settings.get('nothing')).toBeNull();
    expect(settings.get('zero')).toBe(0);
  });

  it('overwrites a setting and stamps when it changed', () => {
    const { db } = openTemp();
    let now = new Date('2024-01-01T00:00:00.000Z');
    const settings = createSettingsRepo(db, { now: () => now });
    settings.set('theme', 'light');
    now = new Date('2024-02-01T00:00:00.000Z');
    settings.set('theme', 'dark');

    expect(settings.get('theme')).toBe('dark');
    expect(db.prepare('SELECT value, updated_at FROM settings').all()).toEqual([
      { value: '"dark"', updated_at: '2024-02-01T00:00:00.000Z' },
    ]);
  });

  it('deletes a setting and says whether it existed', () => {
    const { db } = openTemp();
    const settings = createSettingsRepo(db);
    settings.set('mode', 'demo');
    expect(settings.delete('mode')).toBe(true);
    expect(settings.get('mode')).toBeUndefined();
    expect(settings.delete('mode')).toBe(false);
  });

  it('refuses a value JSON cannot represent instead of storing nothing', () => {
    const { db } = openTemp();
    const settings = createSettingsRepo(db);
    expect(() => settings.set('theme', undefined)).toThrow(/not JSON-serialisable/);
    expect(settings.get('theme')).toBeUndefined();
  });

  it('keeps settings across a reopen of the file', () => {
    const { db, file } = openTemp();
    createSettingsRepo(db).set('activeProfile', 'shop');
    db.close();

    const reopened = openDatabase(file);
    onTestFinished(() => {
      reopened.close();
    });
    expect(createSettingsRepo(reopened).get('activeProfile')).toBe('shop');
  });
});
