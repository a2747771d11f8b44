import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createServiceCacheRepo } from '@core/db/service-cache-repo';
import { tempDir } from '../../support/temp-dir';

function openTemp() {
  const db = openDatabase(path.join(tempDir(), 'torpedo.db'));
  onTestFinished(() => {
    db.close();
  });
  return db;
}

describe('service cache repo', () => {
  it('returns undefined for a key never cached', () => {
    expect(createServiceCacheRepo(openTemp()).get('default', 'balance')).toBeUndefined();
  });

  it('returns the value with the time it was fetched', () => {
    const cache = createServiceCacheRepo(openTemp(), { now: () => new Date('2024-03-01T10:00:00.000Z') });
    cache.put('default', 'balance', { credits: 120, currency: 'BRL' });

    expect(cache.get<{ credits: number }>('default', 'balance')).toEqual({
      value: { credits: 120, currency: 'BRL' },
      fetchedAt: '2024-03-01T10:00:00.000Z',
    });
  });

  it('replaces the previous value and its timestamp', () => {
    let now = new Date('2024-03-01T10:00:00.000Z');
    const cache = createServiceCacheRepo(openTemp(), { now: () => now });
    cache.put('default', 'webhookUrl', 'https://old.example/hook');
    now = new Date('2024-03-02T10:00:00.000Z');
    cache.put('default', 'webhookUrl', 'https://new.example/hook');

    expect(cache.get('default', 'webhookUrl')).toEqual({
      value: 'https://new.example/hook',
      fetchedAt: '2024-03-02T10:00:00.000Z',
    });
  });

  it('keeps profiles apart and clears one without touching the other', () => {
    const cache = createServiceCacheRepo(openTemp());
    cache.put('shop-a', 'balance', 10);
    cache.put('shop-a', 'webhookUrl', 'https://a.example/hook');
    cache.put('shop-b', 'balance', 20);

    expect(cache.get('shop-a', 'balance')?.value).toBe(10);
    expect(cache.get('shop-b', 'balance')?.value).toBe(20);

    expect(cache.clearProfile('shop-a')).toBe(2);
    expect(cache.get('shop-a', 'balance')).toBeUndefined();
    expect(cache.get('shop-a', 'webhookUrl')).toBeUndefined();
    expect(cache.get('shop-b', 'balance')?.value).toBe(20);
    expect(cache.clearProfile('shop-a')).toBe(0);
  });

  it('refuses a value JSON cannot represent', () => {
    const cache = createServiceCacheRepo(openTemp());
    expect(() => cache.put('default', 'balance', undefined)).toThrow(/not JSON-serialisable/);
  });
});
