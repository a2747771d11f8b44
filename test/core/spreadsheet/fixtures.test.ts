import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContactFixtures } from './fixture-files';
import { FIXTURES } from './helpers';

describe('contact fixtures', () => {
  it('are exactly what the builder makes (run `npx tsx scripts/make-contact-fixtures.ts` after editing it)', () => {
    const built = buildContactFixtures();
    expect(Object.keys(built).sort()).toEqual(fs.readdirSync(FIXTURES).sort());
    for (const [name, bytes] of Object.entries(built)) {
      expect(fs.readFileSync(path.join(FIXTURES, name)).equals(bytes), name).toBe(true);
    }
  });

  it('stay small enough to commit (< 200 KB in all)', () => {
    const total = fs
      .readdirSync(FIXTURES)
      .reduce((sum, name) => sum + fs.statSync(path.join(FIXTURES, name)).size, 0);
    expect(total).toBeLessThan(200 * 1024);
  });
});
