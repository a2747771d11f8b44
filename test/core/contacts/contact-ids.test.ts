import { describe, expect, it } from 'vitest';
import { ContactIdSource, newContactIds } from '@core/contacts/contact-ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newContactIds', () => {
  it('makes UUID v7 ids in ascending order, unique, dated by their creation time', () => {
    const at = Date.parse('2024-05-01T12:00:00.000Z');
    const ids = newContactIds(50_000, at);
    expect(ids).toHaveLength(50_000);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // The first 48 bits are the time in milliseconds.
    expect(parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('gives two batches of the same millisecond different ids', () => {
    const at = Date.now();
    const first = newContactIds(1000, at);
    const second = newContactIds(1000, at);
    expect(new Set([...first, ...second]).size).toBe(2000);
    expect(newContactIds(0)).toEqual([]);
  });

  it('keeps ascending across the batches of one source', () => {
    const source = new ContactIdSource();
    const ids = [...source.next(300), ...source.next(1), ...source.next(700)];
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
    expect(new Set(ids).size).toBe(1001);
  });
});
