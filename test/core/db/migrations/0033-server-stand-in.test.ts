// MERGE: goes with src/core/db/migrations/0033-server-stand-in.ts (the server branch's real 0033 replaces both).
import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0033 (stand-in for the server domain’s)', () => {
  it('only holds the version', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 33));
    expect(userVersion(db)).toBe(33);
  });
});
